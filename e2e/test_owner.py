"""The owner's tools in a real browser: what a finder types reaches the owner and nobody else; the owner edits,
reunites and reopens a report; a known microchip number is refused where it is typed."""
import json
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

from test_flows import fill, follow, gone, press, set_date, walk_missing


def api(server, path, body=None):
    request = urllib.request.Request(server + path, data=body and json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    return urllib.request.urlopen(request, timeout=30).read().decode()


def open_as_owner(browser, code):
    """On a manage page: the code, then Enter (the neutral action)."""
    page = browser.find_element(By.TAG_NAME, "html")
    browser.find_element(By.ID, "field-code").send_keys(code + Keys.ENTER)
    WebDriverWait(browser, 20).until(gone(page))


def test_a_finders_private_details_reach_the_owner_and_nobody_else(browser, server, photo, shot):
    mark = "1" if browser.javascript else "2"
    browser.get(server + "/report-found/photo")
    browser.find_element(By.ID, "field-photo").send_keys(photo)
    press(browser, "Continue")
    set_date(browser, "field-date", "2025-06-01")
    fill(browser, "field-collar", f"Burek{mark}, tel. 600 700 800")
    Select(browser.find_element(By.ID, "field-species")).select_by_value("DOG")
    browser.find_element(By.ID, "field-gender-unknown").click()
    fill(browser, "field-latitude", "52,2297")
    fill(browser, "field-longitude", "21,0122")
    press(browser, "Continue")
    assert "Reward (optional)" in browser.find_element(By.TAG_NAME, "main").text
    assert "(required)" in browser.find_element(By.CSS_SELECTOR, "label[for=field-phone]").text
    fill(browser, "field-phone", "601 202 303")
    fill(browser, "field-email", "finder@example.com")
    fill(browser, "field-reward", "Coffee with the owner")
    fill(browser, "field-caregiverPhone", f"+48 501 602 70{mark}")
    fill(browser, "field-address", f"Rynek {mark}, Kraków")
    press(browser, "Continue")
    code = browser.find_element(By.CSS_SELECTOR, "[data-testid=management-code]").text
    report = browser.find_element(By.CSS_SELECTOR, "[data-testid=report-link]").get_attribute("href")
    report_id = report.rsplit("/", 1)[1]
    follow(browser, By.CSS_SELECTOR, "[data-testid=manage-link]")
    open_as_owner(browser, code)
    shot(browser, "01-owner-sees-private")
    private = browser.find_element(By.CSS_SELECTOR, "[data-testid=private]").text
    for text in (f"+4850160270{mark}", f"Rynek {mark}, Kraków", f"Burek{mark}, tel. 600 700 800"):
        assert text in private
    # Public: the page, the report's and the list's API answers.
    browser.get(report)
    public = [browser.find_element(By.TAG_NAME, "main").text, api(server, f"/api/v1/announcements/{report_id}"),
              api(server, "/api/v1/announcements")]
    assert "Coffee with the owner" in public[0]
    for text in public:
        for secret in (f"4850160270{mark}", f"501 602 70{mark}", f"Rynek {mark}", f"Burek{mark}"):
            assert secret not in text


def test_the_owner_edits_reunites_and_reopens(browser, server, photo, shot, request):
    """One code for the whole visit: every change comes back to the owner's view with its notice."""
    name = "Edit" + ("JS" if browser.javascript else "NoJS")
    code = walk_missing(browser, server, photo, shot, chip="", name=name)
    report = browser.find_element(By.CSS_SELECTOR, "[data-testid=report-link]").get_attribute("href")
    follow(browser, By.CSS_SELECTOR, "[data-testid=manage-link]")
    # The code page offers no change that cannot be taken back: those are in the owner's view only.
    buttons = [b.text for b in browser.find_elements(By.CSS_SELECTOR, "main form button")]
    assert "Remove Report" not in buttons and "Mark as reunited" not in buttons, buttons
    open_as_owner(browser, code)

    def notice():
        return browser.find_element(By.CSS_SELECTOR, "[data-testid=owner-notice]").text

    press(browser, "Edit report")
    shot(browser, "02-edit")
    assert browser.find_element(By.ID, "field-petName").get_attribute("value") == name
    fill(browser, "field-petName", name + "Kora")
    fill(browser, "field-description", "Black ears, red collar")
    press(browser, "Save changes")
    assert notice() == "Your changes are saved."
    # The language switch keeps the owner in: the owner's view, then the edit page with what was typed.
    follow(browser, By.CSS_SELECTOR, "[data-testid=language-switch]")
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "pl"
    assert browser.find_elements(By.ID, "owner-actions") and not browser.find_elements(By.ID, "field-code")
    press(browser, "Edytuj zgłoszenie")
    fill(browser, "field-petName", name + "Typed")
    follow(browser, By.CSS_SELECTOR, "[data-testid=language-switch]")
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en"
    assert browser.find_element(By.ID, "field-petName").get_attribute("value") == name + "Typed"
    press(browser, "Cancel")

    press(browser, "Edit report")
    # What was typed above goes along with the new photo, with scripts or without (found by walk-throughs: it
    # was lost); a photo alone says so.
    fill(browser, "field-description", "Black ears, red collar, white tail tip")
    browser.find_element(By.ID, "field-photo").send_keys(photo)
    press(browser, "Replace photo")
    assert notice() == "Your changes and the new photo are saved."
    identifier = report.rstrip("/").split("/")[-1]
    with urllib.request.urlopen(f"{server}/api/v1/announcements/{identifier}") as answer:
        assert json.load(answer)["description"] == "Black ears, red collar, white tail tip"
    press(browser, "Edit report")
    browser.find_element(By.ID, "field-photo").send_keys(photo)
    press(browser, "Replace photo")
    assert notice() == "The new photo is saved."
    # The photo form's address carried the form token and the grant: with scripts on, the owner's view does not
    # keep them in the address bar or the history.
    if request.node.callspec.params["browser"]:
        assert "grant=" not in browser.current_url and "token=" not in browser.current_url, browser.current_url

    press(browser, "Mark as reunited")
    press(browser, "Yes, mark as reunited")
    shot(browser, "03-reunited")
    assert "reunited" in notice().lower()
    press(browser, "Reopen report")
    shot(browser, "04-reopened")
    assert "The report is open again" in notice()
    # Four changes, one code.
    assert not browser.find_elements(By.ID, "field-code")

    browser.get(report)
    details = browser.find_element(By.TAG_NAME, "main").text
    assert name + "Kora" in details and "Black ears, red collar" in details
    assert "MISSING" in browser.find_element(By.CSS_SELECTOR, "[data-testid=status]").text


def test_a_known_chip_is_refused_on_the_first_step(browser, server, shot):
    chip = "98765432101234" + ("1" if browser.javascript else "2")
    created = json.loads(api(server, "/api/v1/announcements", {
        "species": "CAT", "sex": "FEMALE", "lastSeenDate": "2025-11-20", "status": "MISSING", "microchipNumber": chip,
        "locationLatitude": 52.2, "locationLongitude": 21.0, "phone": "600700800"}))
    browser.get(server + "/report-missing/microchip")
    fill(browser, "field-microchip", chip)
    press(browser, "Continue")
    shot(browser, "04-known-chip")
    assert "An open report already has this microchip number" in browser.find_element(By.CSS_SELECTOR, ".error-summary").text
    link = browser.find_element(By.CSS_SELECTOR, "[data-testid=known-report]").get_attribute("href")
    assert link.endswith("/lost-pets/" + created["id"])
    press(browser, "Cancel")
