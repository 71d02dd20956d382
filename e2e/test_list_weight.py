"""The list page's weight: 24 reports with large, phone-camera-sized photos cost a visitor under 1 MB in all
(the HTML, CSS, script and every card image, scrolled to the bottom so the lazy ones load too), on a phone
and on a desktop, because the cards load thumbnails (`?w=`) and never the photos themselves."""
import os
import shutil
import subprocess
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import SCREENSHOTS, make_driver, start_petspot
from test_accessibility import SIZES, api, viewport

REPORTS = 24  # one full page of the list (BrowseController.pageSize)
BUDGET = 1_000_000
WIDTH, HEIGHT = 4000, 3000


@pytest.fixture(scope="module")
def own_server():
    """`petspot serve` with a data folder of its own, so no other test's reports show on its list."""
    process, base = start_petspot()
    yield str(base)
    process.terminate()
    process.wait(timeout=10)
    shutil.rmtree(base.data, ignore_errors=True)


def vips(*arguments):
    subprocess.run(["vips", *map(str, arguments)], check=True, stdout=subprocess.DEVNULL)


@pytest.fixture(scope="module")
def large_photo(tmp_path_factory):
    """A 4000×3000 JPEG (quality 90) of about 4 MB, like a phone camera's: a colour gradient with texture at
    several scales (coarse blotches and finer grain that survive shrinking to a card, as fur or grass would)
    and pixel-level sensor noise (which is what makes the original itself heavy)."""
    folder = tmp_path_factory.mktemp("large-photo")

    def at(name):
        return str(folder / name)

    vips("xyz", at("xy.v"), WIDTH, HEIGHT)
    vips("extract_band", at("xy.v"), at("x.v"), 0)
    vips("extract_band", at("xy.v"), at("y.v"), 1)
    vips("linear", at("x.v"), at("r.v"), 0.03, 70)
    vips("linear", at("y.v"), at("g.v"), 0.03, 60)
    vips("add", at("x.v"), at("y.v"), at("s.v"))
    vips("linear", at("s.v"), at("b.v"), 0.012, 50)
    vips("bandjoin", f"{at('r.v')} {at('g.v')} {at('b.v')}", at("layer0.v"))
    layer = "layer0.v"
    for index, (scale, sigma) in enumerate([(64, 25), (16, 15), (1, 8)], start=1):
        vips("gaussnoise", at("noise.v"), -(-WIDTH // scale), -(-HEIGHT // scale), "--mean", 0, "--sigma", sigma)
        if scale > 1:
            vips("resize", at("noise.v"), at("big.v"), scale, "--kernel", "linear")
            vips("extract_area", at("big.v"), at("noise.v"), 0, 0, WIDTH, HEIGHT)
        vips("add", at(layer), at("noise.v"), at(f"layer{index}.v"))
        layer = f"layer{index}.v"
    vips("cast", at(layer), at("photo.v"), "uchar")
    vips("jpegsave", at("photo.v"), at("photo.jpg"), "--Q", 90)
    for scratch in folder.glob("*.v"):
        scratch.unlink()
    size = os.path.getsize(at("photo.jpg"))
    print(f"\nlarge photo: {WIDTH}x{HEIGHT} JPEG, {size:,} bytes")
    assert 3_000_000 <= size <= 6_000_000, f"the test photo should weigh what a phone's does, not {size:,} bytes"
    return at("photo.jpg")


def upload(server, created, path):
    boundary = "weight" + os.urandom(6).hex()
    with open(path, "rb") as file:
        body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"IMG_0001.jpg\"\r\n"
                f"Content-Type: image/jpeg\r\n\r\n").encode() + file.read() + f"\r\n--{boundary}--\r\n".encode()
    api("POST", f"{server}/api/v1/announcements/{created['id']}/photos", body=body,
        auth=(created["id"], created["managementPassword"]), content_type=f"multipart/form-data; boundary={boundary}")


@pytest.fixture(scope="module")
def full_list(own_server, large_photo):
    for number in range(REPORTS):
        created = api("POST", own_server + "/api/v1/announcements", {
            "species": "DOG", "sex": "MALE", "lastSeenDate": "2025-11-20", "status": "MISSING",
            "locationLatitude": 52.2 + number / 1000, "locationLongitude": 21.0, "email": "a@example.com",
            "petName": f"Heavy{number:02d}"})
        upload(own_server, created, large_photo)
    return own_server


CARD_IMAGES = "return Array.from(document.querySelectorAll('img.card-photo'))"
ALL_LOADED = CARD_IMAGES + ".every(function (i) { return i.complete && i.naturalWidth > 0; })"
COSTS = """
// transferSize counts headers and body as they came over the wire (0 when served from a cache, which is
// off here). Should it read 0 for a same-origin response anyway, encodedBodySize (the body as sent) stands in.
function cost(entry) { return entry.transferSize || entry.encodedBodySize || 0; }
var entries = performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'));
return entries.map(function (e) {
  return {name: e.name, type: e.initiatorType || e.entryType, transfer: e.transferSize, body: e.encodedBodySize,
          cost: cost(e)};
});
"""


def scroll_to_the_bottom(driver):
    """Scrolls down a screen at a time (so every lazy image comes near the viewport) until the end."""
    for _ in range(200):
        at_end = driver.execute_script(
            "window.scrollBy(0, Math.floor(innerHeight * 0.8));"
            "return Math.ceil(scrollY + innerHeight) >= document.documentElement.scrollHeight;")
        time.sleep(0.15)
        if at_end:
            return
    raise AssertionError("the list never reached its bottom")


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_list_of_24_large_photos_weighs_under_1_mb(full_list, size):
    driver = make_driver(javascript=True)
    try:
        driver.set_page_load_timeout(60)
        viewport(driver, size)
        driver.execute_cdp_cmd("Network.enable", {})
        driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
        driver.get(full_list + "/lost-pets")
        assert driver.execute_script("return [innerWidth, innerHeight]") == list(SIZES[size])
        cards = driver.find_elements(By.CSS_SELECTOR, "ul.cards > li.card")
        assert len(cards) == REPORTS, f"{len(cards)} cards on the list"
        scroll_to_the_bottom(driver)
        # Thumbnails are made on their first request, so the first visit may wait for them.
        WebDriverWait(driver, 120, poll_frequency=0.5).until(lambda d: d.execute_script(ALL_LOADED))
        time.sleep(0.5)  # let the last resource timing entries land
        sources = driver.execute_script(CARD_IMAGES + ".map(function (i) { return i.currentSrc; })")
        assert len(sources) == REPORTS
        assert all("?w=" in source for source in sources), f"a card loaded a full photo: {sources}"

        entries = driver.execute_script(COSTS)
        total = sum(entry["cost"] for entry in entries)
        images = [entry for entry in entries if "/images/" in entry["name"]]
        print(f"\n/lost-pets at {size} {SIZES[size]}: {total:,} bytes in {len(entries)} responses "
              f"({sum(e['cost'] for e in images):,} bytes in {len(images)} images)")
        for entry in entries:
            print(f"  {entry['cost']:>9,}  transfer {entry['transfer']:>9,}  body {entry['body']:>9,}  "
                  f"{entry['type']:<10} {entry['name'].replace(full_list, '')}")
        assert len(images) >= REPORTS, f"only {len(images)} image responses were timed"
        widths = sorted({source.rsplit("?w=", 1)[1] for source in sources})
        assert total < BUDGET, (f"the list cost {total:,} bytes at {size}, over {BUDGET:,}: its {len(images)} card images "
                                f"(widths {', '.join(widths)} chosen from the srcset) weigh "
                                f"{sum(e['cost'] for e in images):,} bytes")
    except Exception:
        SCREENSHOTS.mkdir(exist_ok=True)
        driver.save_screenshot(str(SCREENSHOTS / f"list-weight-{size}-failure.png"))
        raise
    finally:
        driver.quit()
