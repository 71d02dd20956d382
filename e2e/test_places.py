"""Places in a real browser: the list's place box (with the suggestions JavaScript fills, and
without), a report placed by clicking the map, the details page showing the area and never the exact point,
and the place search API.

A test that only makes sense with JavaScript (the map, the suggestions) opens its own JavaScript driver
rather than skipping the parametrized `browser` fixture's no-JavaScript run."""
import json
import math
import time
import urllib.error
import urllib.request
from urllib.parse import quote

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import make_driver
from test_accessibility import api, create_report
from test_flows import fill, fill_dog, press, set_date

WARSAW = (52.2297, 21.0122)
KRAKOW = (50.0614, 19.9366)
LODZ = (51.77058, 19.47395)


def unique(prefix):
    """A pet name no other report of this server has (several runs share one server)."""
    return f"{prefix}{time.time_ns() % 10**10}"


def card(driver, name):
    """The list's card of the report named `name`, or None."""
    for element in driver.find_elements(By.CSS_SELECTOR, "li.card"):
        if any(label.text.strip() == name for label in element.find_elements(By.CSS_SELECTOR, ".card-name")):
            return element
    return None


def settled(driver):
    WebDriverWait(driver, 20).until(lambda d: d.execute_script("return document.readyState") == "complete")


def choose_suggestion(driver, prefix):
    """With JavaScript: waits until the place box's datalist offers an option starting with `prefix`, then
    sets the box to it as choosing it would (a datalist's native popup cannot be clicked by WebDriver)."""
    value = WebDriverWait(driver, 20).until(lambda d: d.execute_script(
        "var prefix = arguments[0], field = document.getElementById('field-place');"
        "var list = document.getElementById(field.getAttribute('list'));"
        "var hit = Array.prototype.find.call(list.options, function (o) { return o.value.indexOf(prefix) === 0; });"
        "return hit ? hit.value : null;", prefix), f"no suggestion starting with {prefix!r}")
    driver.execute_script(
        "var field = document.getElementById('field-place'); field.value = arguments[0];"
        "field.dispatchEvent(new Event('input', {bubbles: true})); field.dispatchEvent(new Event('change', {bubbles: true}));",
        value)
    return value


def near_line(driver):
    """The list's "Reports within … of …" line; failing, says what the page shows instead."""
    found = driver.find_elements(By.CSS_SELECTOR, "[data-testid=near]")
    assert found, f"no 'Reports within' line at {driver.current_url}: " + driver.find_element(By.TAG_NAME, "main").text[:600]
    return found[0].text


def test_typing_a_place_lists_the_reports_near_it(browser, server, photo, shot):
    here, there = unique("Warsawpet"), unique("Krakowpet")
    create_report(server, photo, petName=here, locationLatitude=WARSAW[0], locationLongitude=WARSAW[1])
    create_report(server, photo, petName=there, locationLatitude=KRAKOW[0], locationLongitude=KRAKOW[1])
    browser.get(server + "/lost-pets")
    settled(browser)
    fill(browser, "field-place", "Warszawa")
    if browser.javascript:
        chosen = choose_suggestion(browser, "Warsaw, PL")
        assert browser.find_element(By.ID, "field-place").get_attribute("value") == chosen
    shot(browser, "01-place-typed")
    press(browser, "Show reports")
    shot(browser, "02-near-warsaw")
    near = near_line(browser)
    assert "Warsaw" in near, near
    mine = card(browser, here)
    assert mine is not None, browser.find_element(By.TAG_NAME, "main").text
    meta = mine.find_element(By.CSS_SELECTOR, ".card-meta").text
    assert "near Warsaw" in meta and "km away" in meta, meta
    assert card(browser, there) is None, f"{there} (Kraków) is listed near Warsaw"
    # The place box keeps what was searched for.
    kept = browser.find_element(By.ID, "field-place").get_attribute("value")
    assert "Warsaw" in kept or "Warszawa" in kept, kept


def test_a_place_of_two_words_is_found_when_the_form_is_sent(browser, server, shot):
    """A browser sends the list's form (GET) with a space as '+': "Nowy Targ" arrives as "Nowy+Targ"."""
    browser.get(server + "/lost-pets")
    settled(browser)
    fill(browser, "field-place", "Nowy Targ")
    Select(browser.find_element(By.ID, "field-radius")).select_by_value("10")
    press(browser, "Show reports")
    shot(browser, "01-nowy-targ")
    assert "Nowy Targ" in near_line(browser) and "10 km" in near_line(browser)


def test_a_report_with_only_a_place_is_put_at_its_centre(browser, server, photo, shot):
    """The Found flow's details step: no coordinates, a place typed (two words, sent as a POST form)."""
    browser.get(server + "/report-found/photo")
    settled(browser)
    browser.find_element(By.ID, "field-photo").send_keys(photo)
    press(browser, "Continue")
    set_date(browser, "field-date", "2025-06-01")
    Select(browser.find_element(By.ID, "field-species")).select_by_value("CAT")
    browser.find_element(By.ID, "field-gender-female").click()
    fill(browser, "field-place", "Nowy Targ")
    # Leaving the box closes the browser's own suggestion list, which can take the next click (CI, once).
    browser.find_element(By.ID, "field-place").send_keys(Keys.TAB)
    shot(browser, "01-place-only")
    press(browser, "Continue")
    assert browser.find_element(By.CSS_SELECTOR, "[data-testid=progress]").text == "3/3", \
        browser.find_element(By.TAG_NAME, "main").text
    fill(browser, "field-phone", "601 202 303")
    fill(browser, "field-email", "finder@example.com")
    press(browser, "Continue")
    assert "Report created" in browser.find_element(By.TAG_NAME, "h1").text, browser.find_element(By.TAG_NAME, "main").text
    report_id = browser.find_element(By.CSS_SELECTOR, "[data-testid=report-link]").get_attribute("href").rstrip("/").rsplit("/", 1)[1]
    # Its reporter reads the exact point with the code; anyone else reads the public area.
    code = browser.find_element(By.CSS_SELECTOR, "[data-testid=management-code]").text.strip()
    report = api("GET", f"{server}/api/v1/announcements/{report_id}", auth=(report_id, code))
    public = api("GET", f"{server}/api/v1/announcements/{report_id}")
    assert abs(public["locationLatitude"] * 200 - round(public["locationLatitude"] * 200)) < 1e-6, public
    centre = api("GET", f"{server}/api/v1/places?q={quote('Nowy Targ')}&limit=1")["data"][0]
    assert abs(report["locationLatitude"] - centre["latitude"]) < 1e-3, report
    assert abs(report["locationLongitude"] - centre["longitude"]) < 1e-3, report
    assert report["place"]["name"] == "Nowy Targ", report


def walk_missing_to_description(driver, server, photo):
    driver.get(server + "/report-missing/microchip")
    settled(driver)
    press(driver, "Continue")  # no microchip
    driver.find_element(By.ID, "field-photo").send_keys(photo)
    press(driver, "Continue")
    assert driver.find_element(By.CSS_SELECTOR, "[data-testid=progress]").text == "3/4"


def tiles_at_zoom(driver, zoom):
    return driver.execute_script(
        "var part = '/' + arguments[0] + '/';"
        "return Array.prototype.some.call(document.querySelectorAll('div.map[data-map=pick] img.leaflet-tile'),"
        " function (img) { return img.src.indexOf(part) > 0; });", zoom)


def test_a_report_placed_by_clicking_the_map_is_listed_under_its_place(server, photo, shot):
    # JavaScript only: the map is Leaflet's.
    driver = make_driver(javascript=True)
    driver.javascript = True
    try:
        name = unique("Mapclick")
        walk_missing_to_description(driver, server, photo)
        fill_dog(driver, name)
        fill(driver, "field-description", "Placed on the map")
        area = driver.find_element(By.CSS_SELECTOR, "div.map[data-map=pick]")
        WebDriverWait(driver, 20).until(lambda _d: area.is_displayed() and "leaflet-container" in area.get_attribute("class"))
        assert driver.find_element(By.ID, "field-latitude").get_attribute("value") == ""
        # A place typed, then the field left: the map moves there (zoom 13; its tiles are asked for even
        # though they cannot load here).
        driver.find_element(By.ID, "field-place").send_keys("Łódź", Keys.TAB)
        WebDriverWait(driver, 20).until(lambda d: tiles_at_zoom(d, 13), "the map did not move to the place")
        time.sleep(0.5)
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", area)
        shot(driver, "01-map-on-lodz")
        ActionChains(driver).move_to_element(area).click().perform()
        latitude = driver.find_element(By.ID, "field-latitude").get_attribute("value")
        longitude = driver.find_element(By.ID, "field-longitude").get_attribute("value")
        shot(driver, "02-pin")
        for value in (latitude, longitude):
            assert value and len(value.split(".")[-1]) == 5, (latitude, longitude)
        assert abs(float(latitude) - LODZ[0]) < 0.3 and abs(float(longitude) - LODZ[1]) < 0.3, (latitude, longitude)
        assert driver.find_elements(By.CSS_SELECTOR, "div.map[data-map=pick] .leaflet-marker-icon"), "no pin"

        press(driver, "Continue")
        assert driver.find_element(By.CSS_SELECTOR, "[data-testid=progress]").text == "4/4", \
            driver.find_element(By.TAG_NAME, "main").text
        fill(driver, "field-phone", "+48 123 456 789")
        fill(driver, "field-email", "owner@example.com")
        press(driver, "Continue")
        shot(driver, "03-created")
        assert "Report created" in driver.find_element(By.TAG_NAME, "h1").text
        report_id = driver.find_element(By.CSS_SELECTOR, "[data-testid=report-link]").get_attribute("href").rstrip("/").rsplit("/", 1)[1]
        # The reporter reads the exact point with the code (anyone else reads the public area).
        code = driver.find_element(By.CSS_SELECTOR, "[data-testid=management-code]").text.strip()
        report = api("GET", f"{server}/api/v1/announcements/{report_id}", auth=(report_id, code))
        assert abs(report["locationLatitude"] - float(latitude)) < 1e-4, report
        assert abs(report["locationLongitude"] - float(longitude)) < 1e-4, report
        place = report["place"]["name"]
        assert place

        driver.get(f"{server}/lost-pets?place={quote(place)}")
        settled(driver)
        shot(driver, "04-listed-under-place")
        assert place.split(",")[0] in near_line(driver)
        mine = card(driver, name)
        assert mine is not None, driver.find_element(By.TAG_NAME, "main").text
        meta = mine.find_element(By.CSS_SELECTOR, ".card-meta").text
        assert f"near {place}" in meta, meta
    finally:
        driver.quit()


def test_details_show_the_area_not_the_point(browser, server, photo, shot):
    created = create_report(server, photo, petName=unique("Area"), locationLatitude=52.22971, locationLongitude=21.01219)
    browser.get(f"{server}/lost-pets/{created['id']}")
    settled(browser)
    shot(browser, "01-details")
    text = browser.find_element(By.TAG_NAME, "main").text
    assert "near" in text and "(the area, not the exact spot)" in text, text
    rows = {row.find_element(By.TAG_NAME, "dt").text: row.find_element(By.TAG_NAME, "dd").text
            for row in browser.find_elements(By.CSS_SELECTOR, "main dl > div")}
    assert rows.get("Area", "").startswith("near "), rows
    assert rows.get("Lat / Long", "").startswith("about ") and rows["Lat / Long"].endswith("(the area, not the exact spot)"), rows
    source = browser.page_source
    for exact in ("52.2297", "21.0121", "21.0122"):
        assert exact not in source, f"the exact point ({exact}) is in the page"
    if browser.javascript:
        area = browser.find_element(By.CSS_SELECTOR, "div.map[data-map=area]")
        WebDriverWait(browser, 20).until(lambda _d: area.is_displayed(), "the area map stays hidden")
        assert area.get_attribute("data-lat") == "52.23"
        assert area.get_attribute("data-lng") == "21.01"
        assert area.get_attribute("data-radius") == "450"
        WebDriverWait(browser, 20).until(lambda _d: "leaflet-container" in area.get_attribute("class"), "Leaflet did not render")
        assert browser.find_elements(By.CSS_SELECTOR, "div.map[data-map=area] path.leaflet-interactive"), "no area circle"
        assert not browser.find_elements(By.CSS_SELECTOR, "div.map[data-map=area] .leaflet-marker-icon"), "a pin on the area map"
        shot(browser, "02-area-map")
        # The zoom buttons are named in the page's language, and the credit has no English title.
        zoom_in = browser.find_element(By.CSS_SELECTOR, "div.map[data-map=area] .leaflet-control-zoom-in")
        assert zoom_in.get_attribute("title") == "Zoom in"
        assert not browser.find_elements(By.CSS_SELECTOR, "div.map [title='A JS library for interactive maps']")
        browser.find_element(By.CSS_SELECTOR, "[data-testid=language-switch]").click()
        WebDriverWait(browser, 20).until(lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "pl")
        WebDriverWait(browser, 20).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, "div.map[data-map=area] .leaflet-control-zoom-in"), "Leaflet did not render")
        assert browser.find_element(By.CSS_SELECTOR, ".leaflet-control-zoom-in").get_attribute("title") == "Przybliż"
    else:
        assert not browser.find_element(By.CSS_SELECTOR, "div.map[data-map=area]").is_displayed()


def get_json(url):
    try:
        with urllib.request.urlopen(url, timeout=20) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        with error:
            return error.code, json.load(error)


def test_places_api_answers(server):
    status, found = get_json(f"{server}/api/v1/places?q=lodz&limit=3")
    assert status == 200 and found["data"][0]["name"] == "Łódź" and found["data"][0]["countryCode"] == "PL", found
    assert "GeoNames" in found["attribution"]
    assert len(found["data"]) <= 3

    status, near = get_json(f"{server}/api/v1/places?q=warsaw&limit=2&near=41.24,-85.85")
    assert status == 200 and near["data"][0]["countryCode"] == "US" and "distanceKm" in near["data"][0], near

    status, reverse = get_json(f"{server}/api/v1/places/reverse?lat=52.2690&lng=20.9864")
    assert status == 200 and reverse["name"] == "Żoliborz, Warsaw" and reverse["countryCode"] == "PL", reverse
    assert math.isfinite(reverse["distanceKm"]) and reverse["place"]["name"] == "Żoliborz"

    status, error = get_json(f"{server}/api/v1/places?q=warsaw&near=north")
    assert status == 400 and error["error"]["field"] == "near", error
