"""Search by photo in a real browser, with and without JavaScript: a finder photographs a dog, and the missing
dog's report (filed with another photo of it) comes first among the reports of the town, said to look very
alike. Needs the look-alikes model (PETSPOT_LOOKS_DIR, as CI sets it); the API test covers the server without it."""
import json
import os
import time
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from test_accessibility import api

PHOTOS = os.path.join(os.path.dirname(__file__), "..", "Tests", "Photos")
# Sanok, a town no other browser test files reports in.
SANOK = (49.5557, 22.2056)


def file_report(server, photo, status="MISSING"):
    created = api("POST", server + "/api/v1/announcements", {
        "species": "DOG", "sex": "MALE", "lastSeenDate": "2026-11-20", "status": status, "email": "owner@example.com",
        "locationLatitude": SANOK[0], "locationLongitude": SANOK[1]})
    boundary = "look" + os.urandom(6).hex()
    with open(os.path.join(PHOTOS, photo), "rb") as file:
        body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"{photo}\"\r\n"
                f"Content-Type: application/octet-stream\r\n\r\n").encode() + file.read() + f"\r\n--{boundary}--\r\n".encode()
    api("POST", f"{server}/api/v1/announcements/{created['id']}/photos", body=body,
        auth=(created["id"], created["managementPassword"]), content_type=f"multipart/form-data; boundary={boundary}")
    return created["id"]


def api_search(server, photo):
    boundary = "find" + os.urandom(6).hex()
    fields = "".join(f"--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
                     for name, value in [("lat", SANOK[0]), ("lng", SANOK[1]), ("range", 5), ("status", "MISSING")])
    with open(os.path.join(PHOTOS, photo), "rb") as file:
        body = (fields + f"--{boundary}\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"{photo}\"\r\n\r\n").encode() \
            + file.read() + f"\r\n--{boundary}--\r\n".encode()
    request = urllib.request.Request(server + "/api/v1/photo-search", data=body, method="POST",
                                     headers={"Content-Type": f"multipart/form-data; boundary={boundary}"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())["data"]


@pytest.fixture(scope="module")
def town(server):
    ready = json.loads(urllib.request.urlopen(server + "/api/ready", timeout=10).read())
    if not ready["details"]["lookAlikes"]["enabled"]:
        pytest.fail("look-alikes are off on the test server: set PETSPOT_LOOKS_DIR (petspot model install)")
    dog = file_report(server, "dog-bullmastiff.jpg")
    others = [file_report(server, photo) for photo in ["dog-dalmatian.jpg", "chelsea.png", "cheetah.jpg", "quokka.jpg", "parrot.jpg"]]
    # The looks are made in the background, shortly after each upload. Each search counts against this
    # client's 60 in 15 minutes (every browser test shares 127.0.0.1): at most 25 are spent waiting here.
    deadline = time.time() + 120
    while len(api_search(server, "dog-bullmastiff-again.jpg")) < 6:
        assert time.time() < deadline, "the reports' looks were not made within two minutes"
        time.sleep(5)
    return dog, others


def test_a_finders_photo_finds_the_missing_dog_first(browser, server, town, shot):
    dog, others = town
    browser.get(server + "/")
    browser.find_element(By.CSS_SELECTOR, "[data-testid=photo-search-link]").click()
    assert browser.find_element(By.TAG_NAME, "h1").text == "Search by photo"
    shot(browser, "form")
    browser.find_element(By.ID, "photo-search-photo").send_keys(os.path.abspath(os.path.join(PHOTOS, "dog-bullmastiff-again.jpg")))
    browser.find_element(By.ID, "photo-search-place").send_keys("Sanok")
    range_box = browser.find_element(By.ID, "photo-search-range")
    range_box.clear()
    range_box.send_keys("5")
    browser.find_element(By.CSS_SELECTOR, "form.photo-search button[type=submit]").click()
    # The answer is a new page (without JavaScript) or new cards: wait for them, as a finder does. Read at
    # once, a CI run found the form's page still there, and the cards shown a moment later.
    cards = WebDriverWait(browser, 30).until(
        lambda b: b.find_elements(By.CSS_SELECTOR, "[data-testid=photo-search-cards] .card"))
    shot(browser, "results")
    hrefs = [card.find_element(By.TAG_NAME, "a").get_attribute("href") for card in cards]
    assert hrefs and hrefs[0].endswith("/lost-pets/" + dog), (hrefs, browser.find_element(By.TAG_NAME, "main").text)
    assert {href.rsplit("/", 1)[1] for href in hrefs[1:]} == set(others)
    assert cards[0].find_element(By.CLASS_NAME, "card-note").text == "Looks very alike"
    # The form keeps what was asked, for another try.
    assert browser.find_element(By.ID, "photo-search-place").get_attribute("value") == "Sanok"

