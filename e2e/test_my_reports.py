"""The owner's "my reports" in a real browser, without an account. Lost code → the link by e-mail → the
address's reports → mark one reunited, replace a code; the same answer (page, API, timing class) for a
known and an unknown address; a replayed, altered or expired link is refused; a phone-only report gets an
address in the owner view and is then listed; axe on every "my reports" page in English and Polish.

The module runs a server of its own: links are limited to 10 per client in 15 minutes, and the browser is
always 127.0.0.1. `--trusted-proxy 127.0.0.1` lets the API calls speak for other clients through
X-Forwarded-For, so only the asks a browser makes count against 127.0.0.1 (7 in the whole module)."""
import base64
import http.cookiejar
import itertools
import json
import os
import re
import sqlite3
import statistics
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from axe_runner import blocking, describe, run_axe
from conftest import make_driver, recording_driver, start_petspot
from test_accessibility import SIZES, create_report, viewport
from test_flows import fill, follow, gone, press
from test_owner import open_as_owner
from test_sightings import mailbox, text_of

LINK_SUBJECT = {"en": "Your PetSpot reports", "pl": "Twoje zgłoszenia w PetSpot"}
LINK = re.compile(r"http://127\.0\.0\.1:\d+/my-reports/open/([0-9a-f]{32})\?token=([0-9a-f]+)")
_UNIQUE = itertools.count(1)
_CLIENTS = itertools.count(1)


def unique(prefix):
    return f"{prefix}-{time.time_ns() % 10**9}-{next(_UNIQUE)}"


def address(prefix):
    return unique(prefix) + "@example.com"


# --- the server, its clients and its mailbox ---------------------------------------------------------

@pytest.fixture(scope="module")
def mine():
    """A server of its own; X-Forwarded-For is trusted from 127.0.0.1."""
    process, base = start_petspot("--report-limit", "1000000", "--trusted-proxy", "127.0.0.1")
    yield base
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture
def driver(request):
    """An English Chromium with JavaScript; the last page's screenshot is kept when the test fails."""
    yield from recording_driver(request, "my-reports")


def another_client():
    number = next(_CLIENTS)
    return f"203.0.{113 + number // 250}.{number % 250 + 1}"


def call(method, url, payload=None, auth=None, client=None):
    """(status, decoded JSON or text, seconds) of one request, errors included."""
    headers = {"Content-Type": "application/json"}
    if auth:
        headers["Authorization"] = "Basic " + base64.b64encode(f"{auth[0]}:{auth[1]}".encode()).decode()
    if client:
        headers["X-Forwarded-For"] = client
    data = json.dumps(payload).encode() if payload is not None else None
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            status, body = response.status, response.read()
    except urllib.error.HTTPError as error:
        with error:
            status, body = error.code, error.read()
    elapsed = time.perf_counter() - started
    try:
        return status, json.loads(body or b"null"), elapsed
    except ValueError:
        return status, body.decode(), elapsed


def ask_by_api(server, email):
    """POST /api/v1/my-reports from a client of its own: (status, answer, seconds)."""
    return call("POST", server + "/api/v1/my-reports", {"email": email}, client=another_client())


def link_mails(server, email, timeout=20):
    return mailbox(server, lambda m: (m["To"] or "").lower() == email.lower() and m["Subject"] in LINK_SUBJECT.values(),
                   timeout=timeout)


def link_for(server, email):
    """The link of the one "Your PetSpot reports" mail `email` got."""
    mails = link_mails(server, email)
    assert len(mails) == 1, f"{email}: expected one link mail, got {len(mails)}"
    found = LINK.search(text_of(mails[0]))
    assert found, text_of(mails[0])
    return found.group(0)


def page_status(url, press_button=False):
    """The HTTP status of a link's page (GET), or of pressing its button (POST with the page's form token),
    for a client with no cookies of its own."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    try:
        with opener.open(url, timeout=20) as response:
            page, status = response.read().decode(), response.status
        if not press_button:
            return status
        token = re.search(r'name="_csrf" value="([^"]+)"', page).group(1)
        with opener.open(url, data=urllib.parse.urlencode({"_csrf": token}).encode(), timeout=20) as response:
            return response.status
    except urllib.error.HTTPError as error:
        error.close()
        return error.code


# --- the pages ---------------------------------------------------------------------------------------

def heading(driver):
    return driver.find_element(By.TAG_NAME, "h1").text


def main_text(driver):
    return driver.find_element(By.TAG_NAME, "main").text


def path_of(driver):
    return urllib.parse.urlsplit(driver.current_url).path


def ask_in_browser(driver, email, button="Send me the link"):
    """On /my-reports: types the address and sends the form."""
    fill(driver, "field-email", email)
    press(driver, button)


def open_link(driver, link, button="Show my reports"):
    """The link's page, then its button (a GET alone never opens anything)."""
    driver.get(link)
    assert driver.find_elements(By.XPATH, f"//main//button[normalize-space()='{button}']"), main_text(driver)
    press(driver, button)


def report_section(driver, name):
    """The section of /my-reports/mine about the report called `name`."""
    sections = driver.find_elements(By.XPATH, f"//main//section[h2[contains(normalize-space(), '{name}')]]")
    assert len(sections) == 1, f"{name}: {len(sections)} sections on {driver.current_url}:\n{main_text(driver)}"
    return sections[0]


def buttons_of(section):
    return [button.text for button in section.find_elements(By.TAG_NAME, "button")]


def click_in(driver, section, label):
    """Presses the button `label` of one report's section and waits for the next page."""
    page = driver.find_element(By.TAG_NAME, "html")
    section.find_element(By.XPATH, f".//button[normalize-space()='{label}']").click()
    WebDriverWait(driver, 20).until(gone(page))
    WebDriverWait(driver, 20).until(lambda d: d.execute_script("return document.readyState") == "complete")


def status_of(server, report_id):
    status, answer, _ = call("GET", f"{server}/api/v1/announcements/{report_id}")
    assert status == 200, answer
    return answer["status"]


def patch_status(server, report_id, code):
    """What PATCH /api/v1/announcements/{id} with an empty change answers to `code`."""
    return call("PATCH", f"{server}/api/v1/announcements/{report_id}", {}, auth=(report_id, code))[0]


# --- 1. lost code → mailbox → reunited, new code ----------------------------------------------------

def test_lost_code_to_reunited_and_a_new_code(browser, mine, photo, shot):
    """From a manage page's "Lost your code?" through the mailbox to the address's reports (open and
    closed, each with its links and actions), marking one reunited and replacing another's code."""
    mark = "js" if browser.javascript else "nojs"
    email = address(f"lost-{mark}")
    names = {kind: unique(f"{kind}{mark}") for kind in ("Home", "Recode", "Closed")}
    home = create_report(mine, photo, petName=names["Home"], email=email)
    recode = create_report(mine, None, petName=names["Recode"], email=email.upper(), status="FOUND")
    closed = create_report(mine, None, petName=names["Closed"], email=email)
    assert call("PATCH", f"{mine}/api/v1/announcements/{closed['id']}", {"status": "CLOSED"},
                auth=(closed["id"], closed["managementPassword"]))[0] == 200
    other = create_report(mine, None, petName=unique("Other"), email=address("other"))

    browser.get(f"{mine}/manage/{home['id']}")
    follow(browser, By.CSS_SELECTOR, "[data-testid=lost-code]")
    assert path_of(browser) == "/my-reports" and heading(browser) == "My reports"
    ask_in_browser(browser, email)
    shot(browser, "01-check-your-inbox")
    assert heading(browser) == "Check your inbox"
    assert "If PetSpot has anything for this address, a link is on its way" in main_text(browser)

    link = link_for(mine, email)
    open_link(browser, link)
    shot(browser, "02-your-reports")
    assert path_of(browser) == "/my-reports/mine" and heading(browser) == "Your reports"
    assert email in main_text(browser)
    assert other["petName"] not in main_text(browser), "another address's report is listed"
    for report in (home, recode, closed):
        section = report_section(browser, report["petName"])
        links = {a.get_attribute("href").removeprefix(mine) for a in section.find_elements(By.TAG_NAME, "a")}
        assert {f"/lost-pets/{report['id']}", f"/lost-pets/{report['id']}/flyer"} <= links, links
        expected = ["Manage this report"] + (["Mark as reunited"] if report is not closed else []) + ["Replace the code"]
        assert buttons_of(section) == expected, report["petName"]

    # Manage this report: the owner view without the code (a closed report offers to reopen).
    click_in(browser, report_section(browser, names["Closed"]), "Manage this report")
    assert path_of(browser) == f"/manage/{closed['id']}"
    assert browser.find_elements(By.CSS_SELECTOR, "#owner-actions button[value=reopen]"), main_text(browser)
    assert not browser.find_elements(By.ID, "field-code"), "the code is asked for"
    browser.get(mine + "/my-reports/mine")

    # Mark as reunited: the manage page's confirmation, then the report is closed.
    click_in(browser, report_section(browser, names["Home"]), "Mark as reunited")
    shot(browser, "03-confirm-reunited")
    assert path_of(browser) == f"/manage/{home['id']}/reunite"
    follow(browser, By.CSS_SELECTOR, "[data-testid=confirm]")
    # Back in the owner's view, with a notice of what was done.
    assert "reunited" in browser.find_element(By.CSS_SELECTOR, "[data-testid=owner-notice]").text
    assert status_of(mine, home["id"]) == "CLOSED"
    browser.get(mine + "/my-reports/mine")
    assert heading(browser) == "Your reports", "the page did not stay open in this browser"
    assert "Mark as reunited" not in buttons_of(report_section(browser, names["Home"]))

    # Replace the code: shown once, e-mailed, the old one refused at once.
    assert patch_status(mine, recode["id"], recode["managementPassword"]) == 200
    click_in(browser, report_section(browser, names["Recode"]), "Replace the code")
    shot(browser, "04-new-code")
    assert heading(browser) == "Your new code"
    assert "The old code no longer works" in main_text(browser)
    shown = browser.find_element(By.CSS_SELECTOR, "main dl.facts dd").text.strip()
    assert re.fullmatch(r"\d{6}", shown), shown
    assert shown != recode["managementPassword"]
    assert patch_status(mine, recode["id"], recode["managementPassword"]) == 403
    assert patch_status(mine, recode["id"], shown) == 200
    assert status_of(mine, recode["id"]) == "FOUND", "replacing the code changed the report"
    mails = mailbox(mine, lambda m: (m["To"] or "").lower() == email.lower() and shown in text_of(m))
    assert len(mails) == 1, "the new code was not e-mailed"
    assert "/my-reports" in text_of(mails[0]), "the code's mail has no 'Lost your code?' link"
    # The new code opens the manage page; the one-time link does not open the list again.
    browser.get(f"{mine}/manage/{recode['id']}")
    open_as_owner(browser, shown)
    assert browser.find_elements(By.CSS_SELECTOR, "#owner-actions"), main_text(browser)
    browser.delete_all_cookies()
    open_link(browser, link)
    assert heading(browser) == "This link no longer works"


# --- 2. the same answer for every address ------------------------------------------------------------

def test_a_known_and_an_unknown_address_get_the_same_answer(driver, mine):
    """The page after sending, and the API's answer, are the same for an address with reports and one
    without; only the first gets a mail."""
    known, unknown = address("known"), address("unknown")
    create_report(mine, None, petName=unique("Known"), email=known)
    answers = {}
    for email in (unknown, known):
        driver.get(mine + "/")
        follow(driver, By.CSS_SELECTOR, "[data-testid=my-reports-link]")
        ask_in_browser(driver, email)
        answers[email] = (driver.title, " ".join(main_text(driver).split()), path_of(driver))
    assert answers[known] == answers[unknown], answers
    assert answers[known][1].startswith("Check your inbox"), answers[known]
    assert known not in answers[known][1], "the page repeats the address"

    # The unknown address asked first: by the time the known one's mail is there, its turn has passed.
    assert link_for(mine, known)
    assert not link_mails(mine, unknown, timeout=1), "an address with nothing got a mail"

    api_known, api_unknown = address("api-known"), address("api-unknown")
    create_report(mine, None, petName=unique("ApiKnown"), email=api_known)
    assert ask_by_api(mine, api_known)[:2] == (202, {})
    assert ask_by_api(mine, api_unknown)[:2] == (202, {})
    assert link_for(mine, api_known)
    assert not link_mails(mine, api_unknown, timeout=1)


def test_asking_takes_the_same_time_for_known_and_unknown_addresses(mine):
    """A coarse timing class (not a benchmark): the medians of interleaved asks for addresses with and
    without reports are both under a second and within 3× of each other (below 10 ms, noise is the
    same class)."""
    known = [address("timing-known") for _ in range(4)]
    for email in known:
        create_report(mine, None, petName=unique("Timing"), email=email)
    ask_by_api(mine, address("warm-up"))
    times = {"known": [], "unknown": []}
    for round_ in range(8):
        for kind in (("known", "unknown") if round_ % 2 else ("unknown", "known")):
            email = known[round_ % len(known)] if kind == "known" else address("timing-unknown")
            status, answer, seconds = ask_by_api(mine, email)
            assert (status, answer) == (202, {}), (kind, status, answer)
            times[kind].append(seconds)
    medians = {kind: statistics.median(values) for kind, values in times.items()}
    summary = ", ".join(f"{kind}: median {medians[kind] * 1000:.1f} ms of {[round(t * 1000, 1) for t in values]}"
                        for kind, values in times.items())
    print(summary)
    assert max(medians.values()) < 1.0, summary
    floor = 0.010
    slow, fast = max(max(m, floor) for m in medians.values()), min(max(m, floor) for m in medians.values())
    assert slow <= 3 * fast, "known and unknown addresses answer in different time classes: " + summary


# --- 3. replayed, altered and expired links ----------------------------------------------------------

def test_a_replayed_altered_or_expired_link_is_refused(driver, mine):
    """A link opens once: pressing it again (here, or in another browser) is refused with 404, as is a
    link with an altered token or nonce, and one past its expiry."""
    email = address("replay")
    create_report(mine, None, petName=unique("Replay"), email=email)
    assert ask_by_api(mine, email)[:2] == (202, {})
    link = link_for(mine, email)
    nonce, token = LINK.search(link).groups()

    open_link(driver, link)
    assert heading(driver) == "Your reports"
    # Replayed: in the same browser, in a browser with no cookies, and through HTTP.
    open_link(driver, link)
    assert heading(driver) == "This link no longer works"
    assert "Ask for a new one" in main_text(driver)
    driver.delete_all_cookies()
    open_link(driver, link)
    assert heading(driver) == "This link no longer works"
    driver.get(mine + "/my-reports/mine")
    assert path_of(driver) == "/my-reports" and heading(driver) == "My reports", "a refused link opened the list"
    assert page_status(link, press_button=True) == 404

    # Altered: refused before any button is offered.
    flipped = token[:-1] + ("0" if token[-1] != "0" else "1")
    for altered in (link.replace(token, flipped), link.replace(nonce, nonce[::-1]), link.split("?")[0],
                    link.replace(token, token[:-2])):
        driver.get(altered)
        assert heading(driver) == "This link no longer works", altered
        assert not driver.find_elements(By.XPATH, "//main//button[normalize-space()='Show my reports']")
        assert page_status(altered) == 404, altered

    # Expired: a fresh, unused link whose expiry is moved into the past in the database.
    database = os.path.join(mine.data, "petspot.sqlite")
    if not os.path.exists(database):
        pytest.skip("not SQLite: the expiry is covered by the store's tests")
    expired = address("expired")
    create_report(mine, None, petName=unique("Expired"), email=expired)
    assert ask_by_api(mine, expired)[:2] == (202, {})
    old = link_for(mine, expired)
    with sqlite3.connect(database, timeout=10) as connection:
        changed = connection.execute("UPDATE my_reports_link SET expires_at = ? WHERE nonce = ?",
                                     (time.time() - 60, LINK.search(old).group(1))).rowcount
    assert changed == 1
    driver.delete_all_cookies()
    open_link(driver, old)
    assert heading(driver) == "This link no longer works"
    assert page_status(old, press_button=True) == 404


# --- 4. a phone-only report gets an address ----------------------------------------------------------

def test_a_phone_only_report_gets_an_address_and_is_then_listed(driver, mine, shot):
    """The owner of a report filed with a phone only adds an e-mail address in the owner view; "my reports"
    for that address then lists the report."""
    name, email = unique("PhoneOnly"), address("phone-only")
    status, report, _ = call("POST", mine + "/api/v1/announcements", {
        "species": "CAT", "sex": "FEMALE", "lastSeenDate": "2025-11-20", "status": "MISSING", "petName": name,
        "locationLatitude": 52.2297, "locationLongitude": 21.0122, "phone": "+48 600 700 800"})
    assert status == 201 and not report.get("email"), report
    driver.get(f"{mine}/manage/{report['id']}")
    open_as_owner(driver, report["managementPassword"])
    form = driver.find_element(By.CSS_SELECTOR, "[data-testid=add-email]")
    label = driver.find_element(By.CSS_SELECTOR, f"label[for={form.find_element(By.NAME, 'email').get_attribute('id')}]")
    assert "e-mail" in label.text
    form.find_element(By.NAME, "email").send_keys("not-an-address")
    click_in(driver, form, "Add the e-mail address")
    assert driver.find_elements(By.CSS_SELECTOR, "main .error-summary"), "an invalid address was not refused"
    form = driver.find_element(By.CSS_SELECTOR, "[data-testid=add-email]")
    form.find_element(By.NAME, "email").clear()
    form.find_element(By.NAME, "email").send_keys(email)
    click_in(driver, form, "Add the e-mail address")
    shot(driver, "01-email-added")
    assert "Saved. Next time, My reports sends a link to this address." in main_text(driver), "no word that it was saved"
    assert not driver.find_elements(By.CSS_SELECTOR, "[data-testid=add-email]")

    driver.get(mine + "/my-reports")
    ask_in_browser(driver, email)
    open_link(driver, link_for(mine, email))
    shot(driver, "02-listed")
    assert heading(driver) == "Your reports"
    section = report_section(driver, name)
    assert "Mark as reunited" in buttons_of(section)
    assert "No reports were filed with this address" not in main_text(driver)


# --- 5. axe ------------------------------------------------------------------------------------------

TEXTS = {
    "en": {"send": "Send me the link", "show": "Show my reports", "title": "Your reports", "new": "Replace the code",
           "sent": "Check your inbox", "code": "Your new code", "invalid": "This link no longer works"},
    "pl": {"send": "Wyślij mi link", "show": "Pokaż moje zgłoszenia", "title": "Twoje zgłoszenia", "new": "Wymień kod",
           "sent": "Sprawdź skrzynkę", "code": "Twój nowy kod", "invalid": "Ten link już nie działa"},
}


@pytest.mark.parametrize("language", ["en", "pl"])
def test_no_serious_accessibility_violations_in_my_reports(mine, language):
    """axe on the form (empty and with an error), "Check your inbox", the link's page, the list, "Your new
    code" and the refused link, on a phone and a desktop."""
    t = TEXTS[language]
    chrome = make_driver(language=language)
    chrome.set_script_timeout(60)
    problems, checked = [], []

    def check(page):
        assert chrome.find_element(By.TAG_NAME, "html").get_attribute("lang") == language, page
        for size in SIZES:
            viewport(chrome, size)
            found = blocking(run_axe(chrome))
            problems.extend(describe(f"{page} [{language}, {size}]", path_of(chrome), found))
        checked.append(page)

    try:
        email, name = address(f"axe-{language}"), unique(f"Axe{language}")
        create_report(mine, None, petName=name, email=email, phone="+48 600 700 800")
        chrome.get(mine + "/my-reports")
        check("form")
        ask_in_browser(chrome, "not-an-address", t["send"])
        assert chrome.find_elements(By.CSS_SELECTOR, "main .error-summary"), "no error summary"
        assert chrome.find_element(By.ID, "field-email").get_attribute("aria-invalid") == "true"
        check("form: invalid address")
        ask_in_browser(chrome, email, t["send"])
        assert heading(chrome) == t["sent"]
        check("check your inbox")
        link = link_for(mine, email)
        chrome.get(link)
        check("link page")
        press(chrome, t["show"])
        assert heading(chrome) == t["title"]
        check("your reports")
        click_in(chrome, report_section(chrome, name), t["new"])
        assert heading(chrome) == t["code"]
        check("your new code")
        chrome.get(link)
        press(chrome, t["show"])
        assert heading(chrome) == t["invalid"]
        check("link no longer works")
    finally:
        chrome.quit()
    print(f"axe [{language}]: {len(checked)} pages: {', '.join(checked)}")
    assert not problems, "critical/serious axe violations on my-reports pages:\n" + "\n".join(problems)
