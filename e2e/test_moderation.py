"""Moderation in a real browser: people flag a report, enough flags hold it for review, an operator signs in
to the console (enrolling an authenticator on the first sign-in) and restores or deletes it, or blocks an
e-mail address; the console walked with the keyboard only; axe on the console and the public moderation
pages in English and Polish.

The module runs a server of its own: `--trusted-proxy 127.0.0.1` lets urllib speak for other clients with
X-Forwarded-For (the browser is always 127.0.0.1), and `--flag-threshold 2` holds a report at its second
flagger."""
import base64
import csv
import hashlib
import hmac
import io
import itertools
import json
import re
import struct
import subprocess
import time
import urllib.error
import urllib.request
from urllib.parse import quote, urlsplit

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from axe_runner import blocking, describe, run_axe
from conftest import petspot_binary, recording_driver, start_petspot
from test_accessibility import SIZES, activate, by_id, create_report, focused, http_status, tab_to, type_into, viewport
from test_flows import fill, follow, navigate, set_date
from test_sightings import mailbox, text_of

HELD_SUBJECT = "Your PetSpot report is being reviewed"
REMOVED_SUBJECT = "Your PetSpot report was removed"
REFUSED = "This request cannot be accepted"
CANNOT_ACCEPT = "PetSpot cannot accept this from you right now."
_UNIQUE = itertools.count(1)
_CLIENTS = itertools.count(1)


def unique(prefix):
    return f"{prefix}-{time.time_ns() % 10**9}-{next(_UNIQUE)}"


# --- the server and its clients --------------------------------------------------------------------

@pytest.fixture(scope="module")
def mod():
    """A server of its own: X-Forwarded-For trusted from 127.0.0.1, a report held at its second flagger."""
    # Flags hold at once here: the hour a report must have been public first is tested in FlagHoldTests.
    process, base = start_petspot("--report-limit", "1000000", "--trusted-proxy", "127.0.0.1", "--flag-threshold", "2",
                                  "--flag-hold-after-minutes", "0")
    yield base
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture
def driver(request):
    """An English Chromium; the last page's screenshot is kept when the test fails."""
    yield from recording_driver(request, "moderation")


def another_client():
    """An address of a network no other flag of this module came from (sent as X-Forwarded-For): flags
    count by /24, so each client is a /24 of its own."""
    number = next(_CLIENTS)
    return f"10.{number // 250}.{number % 250}.7"


def call(method, url, payload=None, client=None, cookies=""):
    """(status, answer) of a request, errors included: JSON decoded, anything else as text."""
    headers = {"Content-Type": "application/json"}
    if client:
        headers["X-Forwarded-For"] = client
    if cookies:
        headers["Cookie"] = cookies
    data = json.dumps(payload).encode() if payload is not None else None
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            status, body, kind = response.status, response.read(), response.headers.get("Content-Type", "")
    except urllib.error.HTTPError as error:
        with error:
            status, body, kind = error.code, error.read(), error.headers.get("Content-Type", "")
    return status, json.loads(body or b"null") if "json" in kind else body.decode()


def flag(server, report_id, client, reason="SPAM", detail="", sighting=None):
    path = f"/api/v1/announcements/{report_id}" + (f"/sightings/{sighting}" if sighting else "") + "/flags"
    return call("POST", server + path, {"reason": reason, "detail": detail}, client=client)


def new_report(server, photo, name, **fields):
    """A report with a photo (lists show only those) by a reporter of its own (its `email`)."""
    fields.setdefault("email", unique(name.lower()) + "@example.com")
    return create_report(server, photo, petName=name, **fields)


def held_report(server, photo, name):
    """A report two other clients flagged, so it is held."""
    report = new_report(server, photo, name)
    assert flag(server, report["id"], another_client(), "SCAM", "Asks for money first") == (201, {"held": False})
    assert flag(server, report["id"], another_client(), "SPAM") == (201, {"held": True})
    return report


def listed_by_api(server, report_id):
    status, answer = call("GET", server + "/api/v1/announcements?limit=1000")
    assert status == 200, answer
    return any(item["id"] == report_id for item in answer["data"])


def report_payload(email):
    return {"species": "DOG", "sex": "MALE", "lastSeenDate": "2025-11-20", "status": "MISSING",
            "locationLatitude": 52.2297, "locationLongitude": 21.0122, "email": email, "petName": "Blocky"}


# --- operators --------------------------------------------------------------------------------------

def totp(secret, step):
    """RFC 6238: HMAC-SHA1 of the 30-second step, dynamically truncated to 6 digits; `secret` in Base32."""
    key = base64.b32decode(secret + "=" * (-len(secret) % 8))
    mac = hmac.new(key, struct.pack(">Q", step), hashlib.sha1).digest()
    offset = mac[-1] & 0x0F
    return f"{(struct.unpack('>I', mac[offset:offset + 4])[0] & 0x7FFFFFFF) % 10**6:06d}"


class Operator:
    """An operator made with `petspot operator add` on the running server's data folder; `secret` is
    known once enrolled."""

    def __init__(self, server, name):
        self.name, self.password, self.secret, self.last_step = name, f"{name}-correct-horse", None, 0
        made = subprocess.run([petspot_binary(), "operator", "add", name, "--password-stdin", "--data-dir", server.data],
                              input=self.password + "\n", capture_output=True, text=True, timeout=60)
        assert made.returncode == 0, made.stdout + made.stderr

    def code(self):
        """A code of a step not used yet: the current one, else the next (the server accepts ±1 step)."""
        step = max(int(time.time() // 30), self.last_step + 1)
        while step > int(time.time() // 30) + 1:
            time.sleep(0.5)
        self.last_step = step
        return totp(self.secret, step)


def path_of(driver):
    return urlsplit(driver.current_url).path


def main_text(driver):
    return driver.find_element(By.TAG_NAME, "main").text


def submit(driver):
    """Presses the first button of the page's last form (a block list's "Lift" forms come before "Block")."""
    navigate(driver, By.XPATH, "(//main//form[contains(@class, 'console-form')])[last()]//button[@type='submit']")


def button(driver, label):
    """Presses the button labelled `label` and waits for the next page."""
    navigate(driver, By.XPATH, f'//main//button[normalize-space()="{label}"]')


def enrolment_key(driver):
    """The Base32 key shown under "Key", in groups of 4, beside a QR code."""
    assert driver.find_elements(By.CSS_SELECTOR, "main .console-qr svg"), "no QR code on the enrolment page"
    shown = driver.find_element(By.CSS_SELECTOR, "main dl.facts dd").text
    assert re.fullmatch(r"([A-Z2-7]{4} )*[A-Z2-7]{1,4}", shown), shown
    return shown.replace(" ", "")


def sign_in(driver, server, operator, on_enrol=None):
    """Signs in at /admin/sign-in; the first time without a code, then enrols with a code from the key."""
    driver.get(server + "/admin/sign-in")
    fill(driver, "field-name", operator.name)
    fill(driver, "field-password", operator.password)
    fill(driver, "field-code", operator.code() if operator.secret else "")
    submit(driver)
    if operator.secret is None:
        assert path_of(driver) == "/admin/enrol", main_text(driver)
        if on_enrol:
            on_enrol()
        operator.secret = enrolment_key(driver)
        fill(driver, "field-code", operator.code())
        submit(driver)
    assert path_of(driver) == "/admin", main_text(driver)


def console_link(driver, href):
    follow(driver, By.CSS_SELECTOR, f"main a[href='{href}']")


def rows(driver):
    """The cells' texts of each row of the page's console tables."""
    return [[cell.text for cell in row.find_elements(By.TAG_NAME, "td")]
            for row in driver.find_elements(By.CSS_SELECTOR, "main table.console-table tbody tr")]


def row_linking(driver, href):
    links = driver.find_elements(By.CSS_SELECTOR, f"main table a[href='{href}']")
    return [cell.text for cell in links[0].find_elements(By.XPATH, "ancestor::tr/td")] if links else None


def facts(driver):
    return {item.find_element(By.TAG_NAME, "dt").text: item.find_element(By.TAG_NAME, "dd").text
            for item in driver.find_elements(By.CSS_SELECTOR, "main dl.facts > div")}


def notice(driver):
    found = driver.find_elements(By.CSS_SELECTOR, "[data-testid=console-notice]")
    return found[0].text if found else None


def cookies_of(driver):
    return "; ".join(f"{cookie['name']}={cookie['value']}" for cookie in driver.get_cookies())


# --- 1. flag → hold → review → restore ---------------------------------------------------------------

def test_two_flags_hold_a_report_and_an_operator_restores_it(mod, driver, photo):
    """A browser flags a report as a scam, a second client holds it: it leaves the lists, its page says it
    is under review, its reporter is told; an operator (enrolling first) finds it in the queue, reads the
    reasons, restores it: it is back, and the trail has the hold (system) and the restore (the operator)."""
    name = unique("Flaggy")
    report = new_report(mod, photo, name)
    rid = report["id"]
    driver.get(mod + "/lost-pets")
    assert f"/lost-pets/{rid}" in driver.page_source

    driver.get(f"{mod}/lost-pets/{rid}")
    follow(driver, By.CSS_SELECTOR, "[data-testid=flag-report]")
    assert path_of(driver) == f"/lost-pets/{rid}/flag"
    assert driver.find_element(By.TAG_NAME, "h1").text == "Report a problem with this report"
    assert {radio.get_attribute("value") for radio in driver.find_elements(By.NAME, "reason")} == \
        {"SCAM", "OFFENSIVE", "SPAM", "DUPLICATE", "PET_HOME", "OTHER"}
    driver.find_element(By.XPATH, "//label[normalize-space()='A scam or a request for money']").click()
    assert driver.find_element(By.CSS_SELECTOR, "input[name=reason][value=SCAM]").is_selected()
    fill(driver, "field-detail", "Asks for a deposit before giving the dog back")
    button(driver, "Send to PetSpot's team")
    assert driver.find_element(By.TAG_NAME, "h1").text == "Thank you for telling us"
    # One flagger is not enough to hold it.
    assert http_status(f"{mod}/api/v1/announcements/{rid}") == 200 and listed_by_api(mod, rid)

    assert flag(mod, rid, another_client(), "SCAM", "Wanted money by bank transfer") == (201, {"held": True})
    assert not listed_by_api(mod, rid)
    assert http_status(f"{mod}/api/v1/announcements/{rid}") == 404
    driver.get(mod + "/lost-pets")
    assert f"/lost-pets/{rid}" not in driver.page_source, "a held report is still on /lost-pets"
    driver.get(f"{mod}/lost-pets/{rid}")
    assert driver.find_element(By.TAG_NAME, "h1").text == "This report is under review"
    assert name not in main_text(driver)
    held = mailbox(mod, lambda m: m["To"] == report["email"] and m["Subject"] == HELD_SUBJECT)
    assert len(held) == 1, "the reporter was not told (or told twice) that the report is held"

    operator = Operator(mod, "restorer")
    sign_in(driver, mod, operator)
    assert driver.find_element(By.TAG_NAME, "h1").text == "Flagged items"
    item = f"/admin/items/report/{rid}"
    queued = row_linking(driver, item)
    assert queued, f"the held report is not in the queue: {rows(driver)}"
    assert queued[1] == "2" and queued[3] == "Held for review", queued
    console_link(driver, item)
    assert rid in driver.find_element(By.TAG_NAME, "h1").text
    shown = facts(driver)
    assert shown["State"] == "Held for review" and shown["Animal Name"] == name and shown["Email"] == report["email"], shown
    reasons = rows(driver)
    assert ["A scam or a request for money", "Asks for a deposit before giving the dog back"] in [r[:2] for r in reasons], reasons
    assert ["A scam or a request for money", "Wanted money by bank transfer"] in [r[:2] for r in reasons], reasons
    fill(driver, "field-reason", "Checked with the owner: a real report")
    button(driver, "Restore")
    assert path_of(driver) == item and notice(driver) == "Decision recorded."

    assert listed_by_api(mod, rid) and http_status(f"{mod}/api/v1/announcements/{rid}") == 200
    driver.get(mod + "/lost-pets")
    assert f"/lost-pets/{rid}" in driver.page_source, "the restored report is not back on /lost-pets"
    driver.get(f"{mod}/lost-pets/{rid}")
    assert name in driver.find_element(By.TAG_NAME, "h1").text

    driver.get(mod + "/admin")
    follow(driver, By.LINK_TEXT, "Audit trail")
    trail = [r for r in rows(driver) if r[3] == f"report {rid}"]
    assert [r[1:3] for r in trail] == [[operator.name, "restore"], ["system", "hold"]], trail
    assert "Checked with the owner: a real report" in trail[0][4]
    href = driver.find_element(By.LINK_TEXT, "Download as CSV").get_attribute("href")
    assert urlsplit(href).path == "/admin/audit.csv"
    status, text = call("GET", href, cookies=cookies_of(driver))
    assert status == 200
    lines = [line for line in csv.DictReader(io.StringIO(text)) if line["item_id"] == rid]
    assert sorted((line["actor"], line["action"]) for line in lines) == [(operator.name, "restore"), ("system", "hold")], lines


def test_a_flagged_sighting_leaves_the_timeline_and_not_the_report(mod, driver, photo):
    """"Report a problem" on a sighting (no duplicate choice there) plus one more flagger hold the sighting:
    it leaves the timeline, while its report stays listed."""
    report = new_report(mod, photo, unique("Spotted"))
    rid = report["id"]
    status, sighting = call("POST", f"{mod}/api/v1/announcements/{rid}/sightings",
                            {"latitude": 52.2401, "longitude": 21.0301, "note": "Rude words here", "email": "walker@example.com"})
    assert status == 201, sighting
    driver.get(f"{mod}/lost-pets/{rid}")
    follow(driver, By.CSS_SELECTOR, f"[data-sighting='{sighting['id']}'] [data-testid=flag-sighting]")
    assert driver.find_element(By.TAG_NAME, "h1").text == "Report a problem with this sighting"
    assert not driver.find_elements(By.CSS_SELECTOR, "input[name=reason][value=DUPLICATE]")
    assert not driver.find_elements(By.NAME, "duplicateOf")
    driver.find_element(By.XPATH, "//label[normalize-space()='Offensive']").click()
    button(driver, "Send to PetSpot's team")
    assert driver.find_element(By.TAG_NAME, "h1").text == "Thank you for telling us"

    assert flag(mod, rid, another_client(), "OFFENSIVE", sighting=sighting["id"]) == (201, {"held": True})
    driver.get(f"{mod}/lost-pets/{rid}")
    assert "No sightings yet" in driver.find_element(By.ID, "sightings").text
    assert "Rude words here" not in driver.page_source
    status, timeline = call("GET", f"{mod}/api/v1/announcements/{rid}/sightings")
    assert status == 200 and not timeline["data"], timeline
    assert listed_by_api(mod, rid), "holding a sighting took its report off the list"


# --- 2. delete --------------------------------------------------------------------------------------

def test_an_operator_looks_a_report_up_and_deletes_it(mod, driver, photo):
    """A report flagged once is found by its reporter's e-mail in Look up and deleted from its item page:
    its page is gone, it leaves the queue, and its reporter is told why."""
    report = new_report(mod, photo, unique("Doomed"))
    rid = report["id"]
    assert flag(mod, rid, another_client(), "OFFENSIVE", "Insults in the description") == (201, {"held": False})
    operator = Operator(mod, "remover")
    sign_in(driver, mod, operator)
    item = f"/admin/items/report/{rid}"
    assert row_linking(driver, item)[1:4:2] == ["1", "Visible, flagged"]

    follow(driver, By.LINK_TEXT, "Look up")
    fill(driver, "field-q", report["email"])
    button(driver, "Look up")
    assert path_of(driver) == "/admin/look-up"
    found = row_linking(driver, item)
    assert found and found[3] == report["email"], rows(driver)
    console_link(driver, item)
    assert ["Offensive", "Insults in the description"] in [r[:2] for r in rows(driver)]
    fill(driver, "field-reason", "A fake report written to insult someone")
    button(driver, "Delete")
    assert path_of(driver) == "/admin", main_text(driver)
    assert not row_linking(driver, item), "a deleted report is still in the queue"

    assert http_status(f"{mod}/lost-pets/{rid}") == 404
    assert http_status(f"{mod}/api/v1/announcements/{rid}") == 404
    removed = mailbox(mod, lambda m: m["To"] == report["email"] and m["Subject"] == REMOVED_SUBJECT)
    assert len(removed) == 1, "the reporter was not told of the removal"
    assert "A fake report written to insult someone" in text_of(removed[0])


# --- 3. block ---------------------------------------------------------------------------------------

def block(driver, server, operator, address, days, reason):
    """Signs in and blocks `address` on /admin/blocks, reached through the console's navigation."""
    sign_in(driver, server, operator)
    follow(driver, By.LINK_TEXT, "Blocks")
    assert path_of(driver) == "/admin/blocks"
    driver.find_element(By.XPATH, "//label[normalize-space()='An e-mail address']").click()
    fill(driver, "field-value", address)
    fill(driver, "field-days", days)
    fill(driver, "field-reason", reason)
    button(driver, "Block")
    assert notice(driver) == "Decision recorded."


def test_a_blocked_address_cannot_file_reports_until_the_block_is_lifted(mod, driver):
    """An operator blocks an e-mail address for 30 days: reports and sightings with it (also with a +tag)
    are refused with the neutral message, another address still works; lifting the block lets it in."""
    blocked = unique("scammer") + "@example.com"
    operator = Operator(mod, "blocker")
    block(driver, mod, operator, blocked, "30", "Asked reporters for money")
    listed = [r for r in rows(driver) if r[0] == blocked]
    assert listed and listed[0][1:3] == ["Asked reporters for money", operator.name], rows(driver)
    assert listed[0][3] != "until lifted"

    status, answer = call("POST", mod + "/api/v1/announcements", report_payload(blocked))
    assert status == 403 and REFUSED in json.dumps(answer), (status, answer)
    tagged = blocked.replace("@", "+pets@")
    assert call("POST", mod + "/api/v1/announcements", report_payload(tagged))[0] == 403, f"{tagged} got past the block"
    status, fine = call("POST", mod + "/api/v1/announcements", report_payload(unique("honest") + "@example.com"))
    assert status == 201, fine
    status, answer = call("POST", f"{mod}/api/v1/announcements/{fine['id']}/sightings",
                          {"latitude": 52.24, "longitude": 21.03, "note": "Seen", "email": blocked})
    assert status == 403 and REFUSED in json.dumps(answer), (status, answer)

    driver.get(mod + "/admin/blocks")
    button(driver, f"Lift: {blocked}")
    assert notice(driver) == "Decision recorded."
    assert blocked not in main_text(driver)
    status, answer = call("POST", mod + "/api/v1/announcements", report_payload(blocked))
    assert status == 201, (status, answer)


def file_found_report(driver, server, photo, email):
    """The web's "found" flow up to its last Continue, with `email` as the finder's address."""
    driver.get(server + "/report-found/photo")
    driver.find_element(By.ID, "field-photo").send_keys(photo)
    button(driver, "Continue")
    set_date(driver, "field-date", "2025-11-21")
    Select(driver.find_element(By.ID, "field-species")).select_by_value("DOG")
    driver.find_element(By.ID, "field-gender-unknown").click()
    fill(driver, "field-latitude", "52.2297")
    fill(driver, "field-longitude", "21.0122")
    button(driver, "Continue")
    assert path_of(driver) == "/report-found/contact", main_text(driver)
    fill(driver, "field-phone", "601 202 303")
    fill(driver, "field-email", email)
    button(driver, "Continue")


def test_the_web_forms_tell_a_blocked_address_it_cannot_be_accepted(mod, driver, photo):
    """With an e-mail address blocked, a sighting filed on the web ends on the page "This cannot be
    accepted", and a "found" report's last step says PetSpot cannot accept it (never the reason given)."""
    blocked = unique("webscam") + "@example.com"
    block(driver, mod, Operator(mod, "webblocker"), blocked, "", "Fake finder")
    report = new_report(mod, photo, unique("Target"))
    driver.get(f"{mod}/lost-pets/{report['id']}/sighting")
    fill(driver, "field-latitude", "52.2411")
    fill(driver, "field-longitude", "21.0452")
    fill(driver, "field-email", blocked)
    button(driver, "Add sighting")
    assert driver.find_element(By.TAG_NAME, "h1").text == "This cannot be accepted", main_text(driver)
    assert CANNOT_ACCEPT in main_text(driver)

    # The report flow may say it on a page of its own or in the last step's error summary; not "try later".
    file_found_report(driver, mod, photo, blocked)
    assert CANNOT_ACCEPT in main_text(driver) and "Please try again later" not in main_text(driver), main_text(driver)
    assert "Fake finder" not in driver.page_source


# --- 4. the keyboard only ---------------------------------------------------------------------------

def button_labelled(label):
    return lambda element: element["tag"] == "button" and element["text"] == label


def link_to(href):
    return lambda element: element["tag"] == "a" and element["href"] == href


def test_the_console_with_the_keyboard_only(mod, driver, photo):
    """Sign-in, enrolment, the queue, a decision, a block and its lifting, and signing out with Tab,
    Shift+Tab, Enter and Space only; every focus stop is visible."""
    report = held_report(mod, photo, unique("Keyed"))
    item = f"/admin/items/report/{report['id']}"
    operator = Operator(mod, "keyboard")
    blocked = unique("keys") + "@example.com"
    viewport(driver, "desktop")
    driver.get(mod + "/admin/sign-in")
    type_into(driver, "field-name", operator.name)
    type_into(driver, "field-password", operator.password)
    ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
    assert focused(driver)["id"] == "field-name" and focused(driver)["visible"], focused(driver)
    tab_to(driver, by_id("field-password"), "the password field")
    activate(driver)  # Enter in the form, the code empty on the first sign-in
    assert path_of(driver) == "/admin/enrol", main_text(driver)

    operator.secret = enrolment_key(driver)
    type_into(driver, "field-code", operator.code())
    tab_to(driver, button_labelled("Confirm"), "Confirm")
    activate(driver)
    assert path_of(driver) == "/admin", main_text(driver)

    tab_to(driver, link_to(item), "the held report in the queue", limit=60)
    activate(driver)
    assert path_of(driver) == item
    type_into(driver, "field-reason", "Looked at with the keyboard")
    tab_to(driver, button_labelled("Restore"), "Restore")
    activate(driver, Keys.SPACE)
    assert path_of(driver) == item and notice(driver) == "Decision recorded."
    assert listed_by_api(mod, report["id"])

    tab_to(driver, link_to("/admin/blocks"), "Blocks in the console's navigation")
    activate(driver)
    assert path_of(driver) == "/admin/blocks"
    tab_to(driver, lambda e: e["type"] == "radio", "the kind of block")
    assert driver.find_element(By.CSS_SELECTOR, "input[name=kind][value=email]").is_selected()
    type_into(driver, "field-value", blocked)
    type_into(driver, "field-days", "7")
    type_into(driver, "field-reason", "Keyboard block")
    tab_to(driver, button_labelled("Block"), "Block")
    activate(driver)
    assert notice(driver) == "Decision recorded." and blocked in main_text(driver), main_text(driver)
    assert call("POST", mod + "/api/v1/announcements", report_payload(blocked))[0] == 403
    tab_to(driver, button_labelled(f"Lift: {blocked}"), "Lift", limit=80)
    activate(driver, Keys.SPACE)
    assert notice(driver) == "Decision recorded." and blocked not in main_text(driver)

    tab_to(driver, button_labelled("Sign out"), "Sign out", limit=80)
    activate(driver)
    assert path_of(driver) == "/admin/sign-in"
    driver.get(mod + "/admin")
    assert path_of(driver) == "/admin/sign-in", "still signed in after Sign out"


# --- 5. axe -----------------------------------------------------------------------------------------

QUEUE_TITLE = {"en": "Flagged items", "pl": "Zgłoszone treści"}
UNDER_REVIEW = {"en": "This report is under review", "pl": "To zgłoszenie jest sprawdzane"}
BLOCKED = {"en": "This cannot be accepted", "pl": "Nie można tego przyjąć"}


@pytest.mark.parametrize("language", ["en", "pl"])
def test_no_serious_accessibility_violations_in_moderation(mod, driver, photo, language):
    """axe on every console page (signed out, enrolling, signed in, with errors and notices) and the
    public flag forms, "under review" and "cannot be accepted" pages, on a phone and a desktop."""
    problems, checked = [], []

    def check(page):
        assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == language, page
        for size in SIZES:
            viewport(driver, size)
            found = blocking(run_axe(driver))
            address = urlsplit(driver.current_url)
            problems.extend(describe(f"{page} [{language}, {size}]",
                                     address.path + (f"?{address.query}" if address.query else ""), found))
        checked.append(page)

    def has_errors(page):
        assert driver.find_elements(By.CSS_SELECTOR, "main .error-summary"), f"{page}: no error summary"
        check(page)

    restored, stays_held = held_report(mod, photo, unique("Axed")), held_report(mod, photo, unique("Hidden"))
    public = new_report(mod, photo, unique("Public"))
    status, sighting = call("POST", f"{mod}/api/v1/announcements/{public['id']}/sightings",
                            {"latitude": 52.2401, "longitude": 21.0301, "note": "By the river"})
    assert status == 201, sighting
    operator = Operator(mod, f"axe-{language}")
    blocked = unique(f"axe-{language}") + "@example.com"

    driver.get(mod + "/admin/sign-in")
    if language != "en":
        follow(driver, By.CSS_SELECTOR, "[data-testid=language-switch]")
        assert path_of(driver) == "/admin/sign-in"
    check("sign-in")
    fill(driver, "field-name", operator.name)
    fill(driver, "field-password", "not-the-password")
    submit(driver)
    has_errors("sign-in: wrong password")

    def enrolment_pages():
        check("enrol")
        secret = enrolment_key(driver)
        fill(driver, "field-code", totp(secret, int(time.time() // 30) - 20))
        submit(driver)
        has_errors("enrol: wrong code")
    sign_in(driver, mod, operator, on_enrol=enrolment_pages)
    assert driver.find_element(By.TAG_NAME, "h1").text == QUEUE_TITLE[language]
    assert row_linking(driver, f"/admin/items/report/{restored['id']}")
    check("queue with items")

    console_link(driver, f"/admin/items/report/{restored['id']}")
    check("item: held report")
    fill(driver, "field-duplicateOf", "no-such-report")
    navigate(driver, By.CSS_SELECTOR, "button[name=action][value=duplicate]")
    has_errors("item: unknown original")
    navigate(driver, By.CSS_SELECTOR, "button[name=action][value=restore]")
    assert notice(driver)
    check("item: decision recorded")

    driver.get(mod + "/admin/blocks")
    check("blocks")
    fill(driver, "field-value", "not an address")
    submit(driver)
    has_errors("blocks: invalid")
    fill(driver, "field-value", blocked)
    fill(driver, "field-days", "")
    submit(driver)
    assert blocked in main_text(driver)
    check("blocks: with a block")

    driver.get(mod + "/admin/audit")
    assert rows(driver)
    check("audit trail")
    driver.get(f"{mod}/admin/look-up?q={quote(restored['email'])}")
    assert row_linking(driver, f"/admin/items/report/{restored['id']}")
    check("look-up with results")
    driver.get(f"{mod}/admin/look-up?q=nobody-at-all")
    check("look-up: no match")

    driver.get(f"{mod}/lost-pets/{public['id']}")
    follow(driver, By.CSS_SELECTOR, "[data-testid=flag-sighting]")
    check("flag form: sighting")
    driver.get(f"{mod}/lost-pets/{public['id']}")
    follow(driver, By.CSS_SELECTOR, "[data-testid=flag-report]")
    check("flag form: report")
    submit(driver)
    has_errors("flag form: nothing chosen")
    driver.find_element(By.CSS_SELECTOR, "input[name=reason][value=PET_HOME]").click()
    submit(driver)
    check("flag: thank you")

    driver.get(f"{mod}/lost-pets/{stays_held['id']}")
    assert driver.find_element(By.TAG_NAME, "h1").text == UNDER_REVIEW[language]
    check("under review")
    driver.get(f"{mod}/lost-pets/{public['id']}/sighting")
    fill(driver, "field-latitude", "52.2411")
    fill(driver, "field-longitude", "21.0452")
    fill(driver, "field-email", blocked)
    navigate(driver, By.CSS_SELECTOR, "main form button[type=submit]")
    assert driver.find_element(By.TAG_NAME, "h1").text == BLOCKED[language]
    check("cannot be accepted")

    print(f"axe [{language}]: {len(checked)} pages: {', '.join(checked)}")
    assert not problems, "critical/serious axe violations on moderation pages:\n" + "\n".join(problems)
