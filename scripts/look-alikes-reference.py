#!/usr/bin/env python3
"""Writes the look-alikes tests' reference values: Tests/Photos/reference.json.

For each test photo: the model input as the converter's reference preprocessing makes it (Pillow decodes; the
shorter side is scaled to 224 by averaging over the same pixel boxes PetSpot's C code uses, the centre square
kept, (v - 127) / 128), the five top ImageNet classes and the 1,280 features, run by onnxruntime's Python
package on the installed model. Also writes the JPEG and WebP copies of chelsea.png the tests decode (one of
them stored on its side with EXIF orientation 6, as phones do).

Usage: PYTHONPATH=<looks-dir>/python:<Pillow> look-alikes-reference.py <looks-dir>/efficientnet-lite0.onnx
"""
import json
import os
import sys

import numpy as np
import onnxruntime
from PIL import Image

PHOTOS = os.path.join(os.path.dirname(__file__), "..", "Tests", "Photos")
SIDE = 224


def tensor(rgb):
    h, w, _ = rgb.shape
    scale = min(w, h) / SIDE
    integral = np.zeros((h + 1, w + 1, 3))
    integral[1:, 1:] = rgb.astype(np.float64).cumsum(0).cumsum(1)

    def boxes(start, limit):
        lows = np.array([int(start + i * scale) for i in range(SIDE)])
        highs = np.array([int(start + (i + 1) * scale) for i in range(SIDE)])
        return lows, np.minimum(np.maximum(highs, lows + 1), limit)

    y0, y1 = boxes((h - SIDE * scale) / 2, h)
    x0, x1 = boxes((w - SIDE * scale) / 2, w)
    sums = integral[y1][:, x1] - integral[y0][:, x1] - integral[y1][:, x0] + integral[y0][:, x0]
    means = sums / ((y1 - y0)[:, None, None] * (x1 - x0)[None, :, None])
    return ((means - 127) / 128).astype(np.float32).transpose(2, 0, 1)[None]


def main():
    session = onnxruntime.InferenceSession(sys.argv[1])
    chelsea = Image.open(os.path.join(PHOTOS, "chelsea.png")).convert("RGB")
    chelsea.save(os.path.join(PHOTOS, "chelsea.jpg"), quality=90)
    chelsea.save(os.path.join(PHOTOS, "chelsea.webp"), quality=90)
    exif = Image.Exif()
    exif[0x0112] = 6
    chelsea.transpose(Image.Transpose.ROTATE_90).save(os.path.join(PHOTOS, "chelsea-on-its-side.jpg"), quality=90, exif=exif)
    reference = {}
    for name in ["chelsea.png", "coffee.png"]:
        rgb = np.asarray(Image.open(os.path.join(PHOTOS, name)).convert("RGB"))
        x = tensor(rgb)
        features, logits = session.run(None, {"image": x})
        reference[name] = {
            "channelMeans": [round(float(x[0, c].mean()), 6) for c in range(3)],
            "samples": [round(float(x[0, c, y, xx]), 6) for c, y, xx in [(0, 0, 0), (1, 111, 57), (2, 223, 223), (0, 150, 200)]],
            "topClasses": [int(i) for i in np.argsort(-logits[0])[:5]],
            "features": [round(float(v), 5) for v in features[0]],
        }
    with open(os.path.join(PHOTOS, "reference.json"), "w") as f:
        json.dump(reference, f, separators=(",", ":"))


if __name__ == "__main__":
    main()
