"""Accessibility: axe-core 4.x on every page of the web app, in English and Polish, with and without
JavaScript, on a phone and a desktop (pairwise: four walks cover every pair of those choices); any
critical or serious violation fails. Plus the Missing and
Found flows walked with the keyboard only.

A page is one line of PAGES: a name and how to reach it (a path, a step of a flow, or a manage action)."""
import base64
import itertools
import json
import os
import re
import time
import urllib.error
import urllib.request
from urllib.parse import urlsplit

import pytest
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from axe_runner import blocking, describe, run_axe
from conftest import SCREENSHOTS, make_driver

SIZES = {"phone": (390, 844), "desktop": (1280, 800)}
UNKNOWN_ID = "00000000-0000-0000-0000-000000000000"


# --- how a page is reached -------------------------------------------------------------------------

def get(path, status=200):
    """A page reached by its address, answered with `status`; `{missing}`, `{found}`, `{nophoto}`, `{closed}`
    name the API's reports."""
    def visit(site):
        address = path.format(**site.reports)
        assert http_status(site.server + address) == status, f"{address}: expected HTTP {status}"
        site.open(address)
    return visit


def step(flow, slug, invalid=False, revisit=False):
    """A step of a report flow, as first shown; `invalid`: after sending wrong data (its errors shown);
    `revisit`: shown again after it was completed (the photo step then shows the kept photo)."""
    def visit(site):
        if revisit:
            following = FLOWS[flow][FLOWS[flow].index(slug) + 1]
            site.reach(flow, following)
            site.open(f"/report-{flow}/{slug}")
            return
        site.reach(flow, slug)
        if invalid:
            site.fill(flow, slug, valid=False)
            site.submit()
            assert site.driver.find_elements(By.CSS_SELECTOR, ".error-summary"), f"{flow}/{slug}: no error summary"
    return visit


def manage(action, code="right", confirm=True):
    """The manage page of a new report after pressing `action` with the right or a wrong code (and, for a
    change that is asked about first, its confirmation unless `confirm` is False)."""
    return lambda site: site.manage(action, code, confirm)


PAGES = [
    ("landing", get("/")),
    ("list", get("/lost-pets")),
    ("list near a place", get("/lost-pets?lat=52.23&lng=21.01&radius=10")),
    ("list with a wrong filter", get("/lost-pets?lat=north&lng=&radius=0", status=400)),
    ("list: near a place by name", get("/lost-pets?place=Warszawa")),
    ("list: a place that does not exist", get("/lost-pets?place=Qzxqzxq", status=400)),
    ("details: missing, photo", get("/lost-pets/{missing}")),
    ("details: found, photo", get("/lost-pets/{found}")),
    ("details: no photo", get("/lost-pets/{nophoto}")),
    ("details: closed", get("/lost-pets/{closed}")),
    ("flyer", get("/lost-pets/{missing}/flyer")),
    ("message to the owner", get("/lost-pets/{missing}/message")),
    ("sighting form", get("/lost-pets/{missing}/sighting")),
    ("alerts form", get("/alerts?place=Warszawa&radiusKm=10")),
    ("search by photo", get("/photo-search")),
    ("help and contact", get("/contact")),
    ("manage", get("/manage/{missing}")),
    ("manage: wrong code", manage("matches", code="wrong")),
    ("manage: owner view (matches, private details)", manage("matches")),
    ("manage: edit", manage("edit")),
    ("manage: owner view of a closed report", manage("closed")),
    ("manage: confirm reunited", manage("reunite", confirm=False)),
    ("manage: reunited (owner view with notice)", manage("reunite")),
    ("manage: confirm removal", manage("delete", confirm=False)),
    ("manage: removed", manage("delete")),
    ("404: unknown path", get("/no-such-page", status=404)),
    ("404: unknown report", get("/lost-pets/" + UNKNOWN_ID, status=404)),
    ("missing 1/4 microchip", step("missing", "microchip")),
    ("missing 1/4 microchip: known chip", step("missing", "microchip", invalid=True)),
    ("missing 2/4 photo", step("missing", "photo")),
    ("missing 2/4 photo: none sent", step("missing", "photo", invalid=True)),
    ("missing 2/4 photo: kept", step("missing", "photo", revisit=True)),
    ("missing 3/4 description", step("missing", "description")),
    ("missing 3/4 description: errors", step("missing", "description", invalid=True)),
    ("missing 4/4 contact", step("missing", "contact")),
    ("missing 4/4 contact: errors", step("missing", "contact", invalid=True)),
    ("missing: created", step("missing", "created")),
    ("found 1/3 photo", step("found", "photo")),
    ("found 1/3 photo: none sent", step("found", "photo", invalid=True)),
    ("found 1/3 photo: kept", step("found", "photo", revisit=True)),
    ("found 2/3 details", step("found", "details")),
    ("found 2/3 details: errors", step("found", "details", invalid=True)),
    ("found 3/3 contact", step("found", "contact")),
    ("found 3/3 contact: errors", step("found", "contact", invalid=True)),
    ("found: created", step("found", "created")),
    ("missing on one page (without signal)", get("/report-missing/offline")),
    ("found on one page (without signal)", get("/report-found/offline")),
]

FLOWS = {"missing": ["microchip", "photo", "description", "contact", "created"],
         "found": ["photo", "details", "contact", "created"]}

# The values each step is filled with: valid ones walk the flow, the others make every rule complain.
# A radio is set by its id (True checks it, False clears the group).
VALID = {
    ("missing", "microchip"): {"field-microchip": lambda: unique_chip()},
    ("missing", "description"): {"field-date": "2025-11-18", "field-petName": "Rex", "field-species": "DOG",
                                 "field-race": "Beagle", "field-gender-male": True, "field-age": "4",
                                 "field-latitude": "52.2297", "field-longitude": "21.0122",
                                 "field-description": "White paws, red collar"},
    ("missing", "contact"): {"field-phone": "+48 123 456 789", "field-email": "owner@example.com",
                             "field-reward": "A big hug"},
    ("found", "details"): {"field-date": "2025-11-21", "field-collar": lambda: unique_chip(), "field-species": "DOG",
                           "field-gender-female": True, "field-latitude": "52.2301", "field-longitude": "21.0119",
                           "field-description": "Friendly"},
    ("found", "contact"): {"field-phone": "601 202 303", "field-email": "finder@example.com",
                           "field-caregiverPhone": "+48 500 600 700", "field-address": "Rynek 1, Kraków"},
}
KNOWN = {}  # the chip of the fixture's missing report, once made
INVALID = {
    ("missing", "microchip"): {"field-microchip": lambda: KNOWN["chip"]},
    ("missing", "description"): {"field-date": "", "field-petName": "", "field-species": "", "field-race": "",
                                 "field-gender-male": False, "field-age": "99", "field-latitude": "north",
                                 "field-longitude": "", "field-description": ""},
    ("missing", "contact"): {"field-phone": "123", "field-email": "not-an-email", "field-reward": ""},
    ("found", "details"): {"field-date": "", "field-collar": "", "field-species": "", "field-gender-female": False,
                           "field-latitude": "100", "field-longitude": "east", "field-description": ""},
    ("found", "contact"): {"field-phone": "123", "field-email": "", "field-caregiverPhone": "12",
                           "field-address": ""},
}

_CHIPS = itertools.count(1)


def unique_chip():
    """A microchip number no other report of this server has (the server refuses duplicates)."""
    return f"9{int(time.time()) % 10**10:010d}{next(_CHIPS) % 10**4:04d}"


_SET = """
var element = document.getElementById(arguments[0]), value = arguments[1];
if (element.type === "radio") {
  document.getElementsByName(element.name).forEach(function (radio) { radio.checked = false; });
  element.checked = value === true;
} else { element.value = value; }
"""


# --- the API ----------------------------------------------------------------------------------------

def api(method, url, payload=None, auth=None, body=None, content_type="application/json"):
    headers = {"Content-Type": content_type}
    if auth:
        headers["Authorization"] = "Basic " + base64.b64encode(f"{auth[0]}:{auth[1]}".encode()).decode()
    data = body if body is not None else (json.dumps(payload).encode() if payload is not None else None)
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    with urllib.request.urlopen(request, timeout=20) as response:
        return json.loads(response.read() or b"null")


def http_status(url):
    try:
        with urllib.request.urlopen(url, timeout=20) as response:
            return response.status
    except urllib.error.HTTPError as error:
        error.close()
        return error.code


def create_report(server, photo=None, **fields):
    report = {"species": "DOG", "sex": "MALE", "lastSeenDate": "2025-11-20", "status": "MISSING",
              "locationLatitude": 52.2297, "locationLongitude": 21.0122, "email": "owner@example.com"}
    report.update(fields)
    created = api("POST", server + "/api/v1/announcements", report)
    if photo:
        boundary = "a11y" + os.urandom(6).hex()
        with open(photo, "rb") as file:
            body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"pet.png\"\r\n"
                    f"Content-Type: image/png\r\n\r\n").encode() + file.read() + f"\r\n--{boundary}--\r\n".encode()
        api("POST", f"{server}/api/v1/announcements/{created['id']}/photos", body=body,
            auth=(created["id"], created["managementPassword"]), content_type=f"multipart/form-data; boundary={boundary}")
    return created


@pytest.fixture(scope="module")
def reports(server, photo):
    return make_reports(server, photo)


def make_reports(server, photo):
    """The reports the details pages show, created through the JSON API: {missing, found, nophoto, closed} ids."""
    KNOWN["chip"] = unique_chip()
    missing = create_report(server, photo, petName="Burek", breed="Beagle", age=4, description="White paws",
                            microchipNumber=KNOWN["chip"], phone="+48 123 456 789", reward="A big hug")
    found = create_report(server, photo, status="FOUND", species="CAT", sex="FEMALE", lastSeenDate="2025-11-21",
                          locationLatitude=52.2301, locationLongitude=21.0119, description="Found near the park")
    nophoto = create_report(server, None, petName="Filemon", species="CAT", sex="MALE")
    api("POST", f"{server}/api/v1/announcements/{missing['id']}/sightings",
        {"latitude": 52.2401, "longitude": 21.0301, "note": "Running towards the river", "email": "walker@example.com"})
    closed = create_report(server, photo, petName="Azor", status="MISSING")
    api("PATCH", f"{server}/api/v1/announcements/{closed['id']}", {"status": "CLOSED"},
        auth=(closed["id"], closed["managementPassword"]))
    return {"missing": missing["id"], "found": found["id"], "nophoto": nophoto["id"], "closed": closed["id"]}


# --- a browser on the site --------------------------------------------------------------------------

class Site:
    """One driver on one server: opens pages, walks the flows, and runs axe."""

    def __init__(self, driver, server, reports, photo, size="desktop"):
        self.driver, self.server, self.reports, self.photo, self.size = driver, server, reports, photo, size

    def settled(self):
        WebDriverWait(self.driver, 20).until(lambda d: d.execute_script("return document.readyState") == "complete")

    def open(self, path):
        self.driver.get(self.server + path)
        self.settled()

    def press(self, selector):
        """Clicks a submit button and waits for the page it leads to."""
        page = self.driver.find_element(By.TAG_NAME, "html")
        self.driver.find_element(By.CSS_SELECTOR, selector).click()
        WebDriverWait(self.driver, 20).until(lambda _d: replaced(page))
        self.settled()

    def submit(self):
        self.press("main form:not(.inline-form) button[type=submit]:not([formaction])")

    def slug(self):
        return urlsplit(self.driver.current_url).path.rstrip("/").rsplit("/", 1)[-1]

    def fill(self, flow, slug, valid=True):
        if slug == "photo":
            if valid:
                self.driver.find_element(By.ID, "field-photo").send_keys(self.photo)
            elif self.driver.find_elements(By.CSS_SELECTOR, "[data-testid=photo-card]"):
                self.press("form.inline-form[action$=photo-remove] button")
            return
        for field, value in (VALID if valid else INVALID).get((flow, slug), {}).items():
            self.driver.execute_script(_SET, field, value() if callable(value) else value)

    def reach(self, flow, slug):
        """Opens a step of a flow, first completing the steps before it (and closing a finished report)."""
        for _ in range(12):
            self.open(f"/report-{flow}/{slug}")
            current = self.slug()
            if current == slug:
                return
            if current == "created":
                self.submit()  # "Close": the draft is discarded, the next attempt starts afresh
            else:
                self.fill(flow, current)
                self.submit()
        raise AssertionError(f"could not reach {flow}/{slug}, stuck on {self.driver.current_url}")

    def manage(self, action, code, confirm=True):
        report = create_report(self.server, None, petName="Kora", caregiverPhone="+48500600700", currentAddress="Rynek 1, Kraków")
        if action == "matches" and code == "right":
            # The owner's view lists the sightings, each with its hide button.
            api("POST", f"{self.server}/api/v1/announcements/{report['id']}/sightings",
                {"latitude": 52.2401, "longitude": 21.0301, "note": "Seen by the bakery"})
        self.open(f"/manage/{report['id']}")
        right = report["managementPassword"]
        self.driver.execute_script(_SET, "field-code", right if code == "right" else ("000000" if right != "000000" else "111111"))
        # The code opens the owner's view (the form's one button); every change is made from there.
        self.press("main button[name=action][value=matches]")
        if code != "right":
            assert self.driver.find_elements(By.CSS_SELECTOR, "#field-code-error"), f"manage {action}: no #field-code-error"
            return
        if action == "matches":
            assert self.driver.find_elements(By.CSS_SELECTOR, "#matches-title"), "manage: no #matches-title"
            return
        if action in ("edit", "closed"):
            if action == "closed":
                self.press("main button[name=action][value=reunite]")
                self.press("main [data-testid=confirm]")
            else:
                self.press("main button[name=action][value=edit]")
            selector = "#field-petName" if action == "edit" else "button[value=reopen]"
            assert self.driver.find_elements(By.CSS_SELECTOR, selector), f"manage {action}: no {selector}"
            return
        self.press(f"main button[name=action][value={action}]")
        assert self.driver.find_elements(By.CSS_SELECTOR, "[data-testid=confirm]"), f"manage {action}: not asked first"
        if not confirm:
            return
        self.press("main [data-testid=confirm]")
        if action == "reunite":
            assert self.driver.find_elements(By.CSS_SELECTOR, "[data-testid=owner-notice]"), "manage reunite: no notice"
        else:
            assert not self.driver.find_elements(By.ID, "field-code"), f"manage {action}: still on the form"

    def language(self, language):
        self.open(f"/language?lang={language}&back=/")
        assert self.driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == language
        assert self.driver.execute_script("return [innerWidth, innerHeight]") == list(SIZES[self.size])


def replaced(element):
    try:
        element.is_enabled()
        return False
    except WebDriverException as error:
        if "stale" in type(error).__name__.lower() or "does not belong to the document" in str(error):
            return True
        raise


def viewport(driver, name):
    width, height = SIZES[name]
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": name == "phone"})


# Pairwise: each (JavaScript, size) combination in one language, so every pair of the three choices
# (JavaScript on or off, phone or desktop, English or Polish) is walked at least once, in half the runs
# of all eight.
COMBINATIONS = [(True, "phone", "pl"), (True, "desktop", "en"), (False, "phone", "en"), (False, "desktop", "pl")]


@pytest.fixture(params=COMBINATIONS, ids=[f"{'js' if j else 'nojs'}-{s}-{lang}" for j, s, lang in COMBINATIONS])
def site(request, server, reports, photo):
    javascript, size, language = request.param
    driver = make_driver(javascript=javascript)
    driver.javascript = javascript
    driver.set_script_timeout(60)
    viewport(driver, size)
    site = Site(driver, server, reports, photo, size)
    site.walked_in = language
    yield site
    driver.quit()


def test_no_serious_accessibility_violations(site):
    """Every page of PAGES, in one language, on one (JavaScript, size) combination."""
    language = site.walked_in
    site.language(language)
    problems, rules, pages, started = [], 0, 0, time.monotonic()
    for name, visit in PAGES:
        visit(site)
        found = blocking(run_axe(site.driver, javascript=site.driver.javascript))
        if found:
            address = urlsplit(site.driver.current_url)
            problems += describe(f"{name} [{language}]", address.path + (f"?{address.query}" if address.query else ""), found)
            rules, pages = rules + len(found), pages + 1
    print(f"axe: {len(PAGES)} pages in {language} in {time.monotonic() - started:.1f} s")
    assert not problems, (f"{rules} critical/serious axe violations on {pages} of {len(PAGES)} pages:\n"
                          + "\n".join(problems))


# --- the keyboard only ------------------------------------------------------------------------------

def focused(driver):
    return driver.execute_script(
        "var e = document.activeElement; return e && {tag: e.tagName.toLowerCase(), id: e.id, type: e.type || '',"
        " text: (e.innerText || e.value || '').trim(), href: e.getAttribute('href') || '',"
        " visible: e.matches(':focus-visible') && getComputedStyle(e).outlineStyle !== 'none'}")


def keys(driver, *sequence):
    ActionChains(driver).send_keys(*sequence).perform()


def tab_to(driver, wanted, what, limit=40):
    """Presses Tab until `wanted(focused element)`; each stop must show a focus outline."""
    for _ in range(limit):
        keys(driver, Keys.TAB)
        element = focused(driver)
        # (a date field's own sub-fields are highlighted by Chromium, not by :focus-visible)
        if element and element["tag"] not in ("body", "main") and element["type"] != "date":
            assert element["visible"], f"no visible focus on {element}"
        if element and wanted(element):
            return element
    raise AssertionError(f"Tab never reached {what}; last focus {focused(driver)}")


def activate(driver, key=Keys.ENTER):
    """Presses Enter (or Space) on the focused link or button and waits for the next page."""
    page = driver.find_element(By.TAG_NAME, "html")
    keys(driver, key)
    WebDriverWait(driver, 20).until(lambda _d: replaced(page))
    WebDriverWait(driver, 20).until(lambda d: d.execute_script("return document.readyState") == "complete")


def by_id(field):
    return lambda element: element["id"] == field


def continue_button(element):
    return element["tag"] == "button" and element["text"] in ("Continue", "Dalej")


def type_into(driver, field, text):
    tab_to(driver, by_id(field), field)
    keys(driver, text)


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "nojs"])
def test_missing_flow_with_the_keyboard_only(server, photo, javascript):
    driver = make_driver(javascript=javascript)
    try:
        viewport(driver, "desktop")
        driver.get(server + "/language?lang=en&back=/")
        # The skip link comes first and moves focus to the content.
        skip = tab_to(driver, lambda e: e["tag"] == "a", "the skip link", limit=1)
        assert skip["href"] == "#main"
        keys(driver, Keys.ENTER)
        tab_to(driver, lambda e: e["href"].endswith("/report-missing/microchip"), "Report a Missing Animal", limit=3)
        activate(driver)
        assert urlsplit(driver.current_url).path == "/report-missing/microchip"

        type_into(driver, "field-microchip", unique_chip())
        tab_to(driver, continue_button, "Continue")
        activate(driver)
        assert urlsplit(driver.current_url).path == "/report-missing/photo"

        # Sending no photo shows the error; then the file is given to the focused file input.
        tab_to(driver, continue_button, "Continue")
        activate(driver)
        assert "Photo is mandatory" in driver.find_element(By.CSS_SELECTOR, ".error-summary").text
        tab_to(driver, by_id("field-photo"), "the photo field")
        driver.switch_to.active_element.send_keys(photo)
        tab_to(driver, continue_button, "Continue")
        activate(driver, Keys.SPACE)
        assert urlsplit(driver.current_url).path == "/report-missing/description"

        type_into(driver, "field-date", "11182025")
        type_into(driver, "field-petName", "Keyboard")
        type_into(driver, "field-species", "Dog")
        type_into(driver, "field-race", "Beagle")
        tab_to(driver, by_id("field-gender-male"), "the first gender radio")  # the group's stop while none is checked
        keys(driver, Keys.SPACE)
        type_into(driver, "field-age", "4")
        type_into(driver, "field-latitude", "52.2297")
        type_into(driver, "field-longitude", "21.0122")
        type_into(driver, "field-description", "Walked by keyboard")
        tab_to(driver, continue_button, "Continue")
        activate(driver)
        assert urlsplit(driver.current_url).path == "/report-missing/contact", \
            driver.find_element(By.TAG_NAME, "main").text

        type_into(driver, "field-phone", "+48 123 456 789")
        type_into(driver, "field-email", "keys@example.com")
        tab_to(driver, continue_button, "Continue")
        activate(driver)
        assert "Report created" in driver.find_element(By.TAG_NAME, "h1").text
        assert re.fullmatch(r"\d{6}", driver.find_element(By.CSS_SELECTOR, "[data-testid=management-code]").text)
        tab_to(driver, lambda e: e["href"].startswith("/lost-pets/"), "the report link")
        activate(driver)
        assert "Keyboard" in driver.find_element(By.TAG_NAME, "h1").text
    except Exception:
        SCREENSHOTS.mkdir(exist_ok=True)
        driver.save_screenshot(str(SCREENSHOTS / f"keyboard-{'js' if javascript else 'nojs'}-failure.png"))
        raise
    finally:
        driver.quit()


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "nojs"])
def test_found_flow_with_the_keyboard_only(server, photo, javascript):
    driver = make_driver(javascript=javascript)
    try:
        viewport(driver, "desktop")
        driver.get(server + "/language?lang=en&back=/")
        tab_to(driver, lambda e: e["href"].endswith("/report-found/photo"), "Report Found Animal", limit=6)
        activate(driver)
        assert urlsplit(driver.current_url).path == "/report-found/photo"

        tab_to(driver, by_id("field-photo"), "the photo field")
        driver.switch_to.active_element.send_keys(photo)
        tab_to(driver, continue_button, "Continue")
        activate(driver)
        assert urlsplit(driver.current_url).path == "/report-found/details", \
            driver.find_element(By.TAG_NAME, "main").text

        type_into(driver, "field-date", "11182025")
        type_into(driver, "field-collar", "Tag: Fido")
        type_into(driver, "field-species", "Dog")
        tab_to(driver, by_id("field-gender-male"), "the first gender radio")  # the group's stop while none is checked
        keys(driver, Keys.SPACE)
        assert driver.find_element(By.ID, "field-gender-male").is_selected()
        type_into(driver, "field-latitude", "50.0614")
        type_into(driver, "field-longitude", "19.9366")
        tab_to(driver, continue_button, "Continue")
        activate(driver)
        assert urlsplit(driver.current_url).path == "/report-found/contact", \
            driver.find_element(By.TAG_NAME, "main").text

        type_into(driver, "field-phone", "601 202 303")
        type_into(driver, "field-email", "finder-keys@example.com")
        type_into(driver, "field-reward", "A coffee")
        type_into(driver, "field-caregiverPhone", "+48 500 600 700")
        type_into(driver, "field-address", "Rynek 1, Kraków")
        tab_to(driver, continue_button, "Continue")
        activate(driver)
        assert "Report created" in driver.find_element(By.TAG_NAME, "h1").text, \
            driver.find_element(By.TAG_NAME, "main").text
        assert "the owner can find their pet" in driver.find_element(By.TAG_NAME, "main").text
        assert re.fullmatch(r"\d{6}", driver.find_element(By.CSS_SELECTOR, "[data-testid=management-code]").text)
        tab_to(driver, lambda e: e["href"].startswith("/lost-pets/"), "the report link")
        activate(driver)
        assert re.fullmatch(r"/lost-pets/[0-9a-fA-F-]{36}", urlsplit(driver.current_url).path)
        assert "FOUND" in driver.find_element(By.CSS_SELECTOR, "[data-testid=status]").text
        details = driver.find_element(By.TAG_NAME, "main").text
        # What was typed by keyboard arrived: the date, the kind, the sex chosen with Space, the place (shown as
        # its area, never the exact point), the reward.
        # The contact is relayed by default: no phone on the page, a message form instead.
        for text in ("2025-11-18", "Dog", "Male", "near Kraków", "(the area, not the exact spot)", "A coffee",
                     "Send a message to the finder"):
            assert text in details, (text, details)
        assert "601202303" not in details
        assert "50.0614" not in details and "19.9366" not in details
        assert "Rynek 1" not in details and "Fido" not in details  # private: the owner's view only
    except Exception:
        SCREENSHOTS.mkdir(exist_ok=True)
        driver.save_screenshot(str(SCREENSHOTS / f"keyboard-found-{'js' if javascript else 'nojs'}-failure.png"))
        raise
    finally:
        driver.quit()
