"""The web app walked as a person would, with and without JavaScript."""
import re

from selenium.common.exceptions import NoAlertPresentException, StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait


def fill(driver, field_id, text):
    element = driver.find_element(By.ID, field_id)
    element.clear()
    element.send_keys(text)


def set_date(driver, field_id, value):
    # Chromium's English date field reads month, day, year; the server receives the ISO value.
    driver.find_element(By.ID, field_id).send_keys(value[5:7] + value[8:10] + value[0:4])


def replaced(error):
    """Chromium reports a node of a page that has just been replaced either as stale or with this message."""
    return isinstance(error, StaleElementReferenceException) or "does not belong to the document" in str(error)


def gone(element):
    """A wait condition: true once `element`'s page has been replaced."""
    def check(_driver):
        try:
            element.is_enabled()
            return False
        except WebDriverException as error:
            if replaced(error):
                return True
            raise
    return check


def navigate(driver, by, value):
    """Clicks what navigates, then waits until the old page is gone and the new one has fully loaded."""
    WebDriverWait(driver, 20).until(lambda d: d.execute_script("return document.readyState") == "complete")
    page = driver.find_element(By.TAG_NAME, "html")
    driver.find_element(by, value).click()
    try:
        driver.switch_to.alert.accept()  # a form that asks first (the flow's Cancel): yes
    except NoAlertPresentException:
        pass
    WebDriverWait(driver, 20).until(gone(page))
    WebDriverWait(driver, 20).until(lambda d: d.execute_script("return document.readyState") == "complete")


def press(driver, text):
    """Clicks a button that submits a form and waits for the next page."""
    navigate(driver, By.XPATH, f"//main//button[normalize-space()='{text}']")


def follow(driver, by, value):
    """Clicks a link and waits for the next page."""
    navigate(driver, by, value)




def fill_dog(driver, name):
    """The description step's pet: a four-year-old male beagle called `name`, last seen on 2025-05-01."""
    set_date(driver, "field-date", "2025-05-01")
    fill(driver, "field-petName", name)
    Select(driver.find_element(By.ID, "field-species")).select_by_value("DOG")
    fill(driver, "field-race", "Beagle")
    driver.find_element(By.ID, "field-gender-male").click()
    fill(driver, "field-age", "4")


def walk_missing(driver, server, photo, shot, chip="", name="Rex"):
    driver.get(server + "/")
    shot(driver, "01-landing")
    follow(driver, By.LINK_TEXT, "Report a Missing Animal")
    assert driver.find_element(By.CSS_SELECTOR, "[data-testid=progress]").text == "1/4"
    fill(driver, "field-microchip", chip)
    shot(driver, "02-microchip")
    press(driver, "Continue")
    assert driver.find_element(By.CSS_SELECTOR, "[data-testid=progress]").text == "2/4"
    driver.find_element(By.ID, "field-photo").send_keys(photo)
    shot(driver, "03-photo")
    press(driver, "Continue")
    assert driver.find_element(By.CSS_SELECTOR, "[data-testid=progress]").text == "3/4"
    fill_dog(driver, name)
    fill(driver, "field-latitude", "52.2297")
    fill(driver, "field-longitude", "21.0122")
    fill(driver, "field-description", "White paws")
    shot(driver, "04-description")
    press(driver, "Continue")
    assert driver.find_element(By.CSS_SELECTOR, "[data-testid=progress]").text == "4/4"
    fill(driver, "field-phone", "+48 123 456 789")
    fill(driver, "field-email", "owner@example.com")
    fill(driver, "field-reward", "A big hug")
    shot(driver, "05-contact")
    press(driver, "Continue")
    shot(driver, "06-created")
    assert "Report created" in driver.find_element(By.TAG_NAME, "h1").text
    code = driver.find_element(By.CSS_SELECTOR, "[data-testid=management-code]").text
    assert re.fullmatch(r"\d{6}", code)
    return code


def test_missing_flow_ends_on_code_and_report_is_listed(browser, server, photo, shot):
    digit = "1" if browser.javascript else "2"
    walk_missing(browser, server, photo, shot, chip="11111222223333" + digit, name="Rex" + ("JS" if browser.javascript else "NoJS"))
    page_text = browser.find_element(By.TAG_NAME, "main").text
    assert "use the code provided below in the removal form" in page_text
    if browser.javascript:
        copy = browser.find_element(By.CSS_SELECTOR, "[data-copy]")
        assert copy.is_displayed()
    follow(browser, By.CSS_SELECTOR, "[data-testid=report-link]")
    shot(browser, "07-details")
    details = browser.find_element(By.TAG_NAME, "main").text
    assert "11111-22222-3333" + digit in details
    assert "Beagle" in details
    # Relayed by default: the address stays private; people write through PetSpot.
    assert "owner@example.com" not in details and "Send a message to the owner" in details
    browser.get(server + "/lost-pets")
    shot(browser, "08-list")
    assert ("Rex" + ("JS" if browser.javascript else "NoJS")) in browser.find_element(By.TAG_NAME, "main").text


def test_microchip_is_formatted(browser, server, shot):
    browser.get(server + "/report-missing/microchip")
    fill(browser, "field-microchip", "12345678")
    if browser.javascript:
        field = browser.find_element(By.ID, "field-microchip")
        assert field.get_attribute("value") == "12345-678"
        # A digit typed mid-number stays where it was typed, the caret after it (it had jumped to the end).
        browser.execute_script("arguments[0].setSelectionRange(3, 3)", field)
        field.send_keys("9")
        assert field.get_attribute("value") == "12394-5678"
        assert browser.execute_script("return arguments[0].selectionStart", field) == 4
        field.send_keys("8")
        assert field.get_attribute("value") == "12398-45678"
        assert browser.execute_script("return arguments[0].selectionStart", field) == 5
        fill(browser, "field-microchip", "12345678")
    press(browser, "Continue")
    browser.get(server + "/report-missing/microchip")
    shot(browser, "formatted")
    assert browser.find_element(By.ID, "field-microchip").get_attribute("value") == "12345-678"
    press(browser, "Cancel")


def test_enter_in_a_step_continues_in_the_same_language(browser, server, shot):
    """Enter submits Continue, not the header's language switch (which posts the same form to keep what was typed)."""
    from selenium.webdriver.common.keys import Keys
    browser.get(server + "/report-missing/microchip")
    page = browser.find_element(By.TAG_NAME, "html")
    browser.find_element(By.ID, "field-microchip").send_keys("12345678" + Keys.ENTER)
    WebDriverWait(browser, 20).until(gone(page))
    WebDriverWait(browser, 20).until(lambda d: d.execute_script("return document.readyState") == "complete")
    shot(browser, "after-enter")
    assert browser.current_url.endswith("/report-missing/photo")
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en"
    press(browser, "Cancel")


def test_validation_messages_back_and_cancel(browser, server, photo, shot):
    browser.get(server + "/report-missing/microchip")
    press(browser, "Continue")
    press(browser, "Continue")
    shot(browser, "01-photo-required")
    assert "Photo is mandatory" in browser.find_element(By.CSS_SELECTOR, ".error-summary").text
    browser.find_element(By.ID, "field-photo").send_keys(photo)
    press(browser, "Continue")
    fill(browser, "field-latitude", "north")
    press(browser, "Continue")
    shot(browser, "02-description-errors")
    summary = browser.find_element(By.CSS_SELECTOR, ".error-summary").text
    for message in ("Please select a species", "Please select a gender", "Invalid coordinate format", "Fill in longitude"):
        assert message in summary
    assert browser.find_element(By.ID, "field-latitude").get_attribute("aria-describedby") == "field-latitude-error"
    fill(browser, "field-petName", "Luna")
    press(browser, "Back")
    shot(browser, "03-back-to-photo")
    assert browser.find_element(By.CSS_SELECTOR, "[data-testid=photo-card]").is_displayed()
    press(browser, "Continue")
    assert browser.find_element(By.ID, "field-petName").get_attribute("value") == "Luna"
    if browser.javascript:
        # Cancel asks first; "no" keeps the page and what was typed.
        browser.find_element(By.XPATH, "//main//button[normalize-space()='Cancel']").click()
        question = browser.switch_to.alert
        assert "What you have entered so far will be deleted" in question.text
        question.dismiss()
        assert browser.find_element(By.ID, "field-petName").get_attribute("value") == "Luna"
    press(browser, "Cancel")
    shot(browser, "04-cancelled")
    browser.get(server + "/report-missing/description")
    assert browser.find_element(By.CSS_SELECTOR, "[data-testid=progress]").text == "1/4"


def test_the_date_found_starts_at_the_devices_today(browser, server, photo, shot):
    """A device a day ahead of the server (UTC+14) sees its own today in the date field, not the server's."""
    if not browser.javascript:
        return  # without a script the page cannot know the device's day; the server's latest day on Earth is taken
    browser.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Pacific/Kiritimati"})
    try:
        browser.get(server + "/report-found/photo")
        browser.find_element(By.ID, "field-photo").send_keys(photo)
        press(browser, "Continue")
        device_today = browser.execute_script("return new Date().toLocaleDateString('en-CA')")
        shot(browser, "date-today")
        assert browser.find_element(By.ID, "field-date").get_attribute("value") == device_today
        press(browser, "Cancel")
    finally:
        browser.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": ""})


def test_found_flow(browser, server, photo, shot):
    browser.get(server + "/")
    follow(browser, By.LINK_TEXT, "Report Found Animal")
    assert browser.find_element(By.CSS_SELECTOR, "[data-testid=progress]").text == "1/3"
    browser.find_element(By.ID, "field-photo").send_keys(photo)
    shot(browser, "01-photo")
    # The chosen photo is shown before it is sent (a script's preview; without it the next step shows it).
    if browser.javascript:
        WebDriverWait(browser, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, "[data-testid=photo-preview]").is_displayed())
    else:
        assert not browser.find_elements(By.CSS_SELECTOR, "[data-testid=photo-preview]")
    press(browser, "Continue")
    set_date(browser, "field-date", "2025-06-01")
    fill(browser, "field-collar", "Mruczek, tel. 600 700 80" + ("1" if browser.javascript else "2"))
    Select(browser.find_element(By.ID, "field-species")).select_by_value("CAT")
    browser.find_element(By.ID, "field-gender-female").click()
    fill(browser, "field-latitude", "50.0614")
    fill(browser, "field-longitude", "19.9366")
    shot(browser, "02-details")
    press(browser, "Continue")
    assert browser.find_element(By.CSS_SELECTOR, "[data-testid=progress]").text == "3/3"
    fill(browser, "field-phone", "123")
    fill(browser, "field-email", "finder@example.com")
    press(browser, "Continue")
    assert "Enter at least 7 digits" in browser.find_element(By.CSS_SELECTOR, ".error-summary").text
    fill(browser, "field-phone", "601 202 303")
    fill(browser, "field-caregiverPhone", "+48 500 600 700")
    fill(browser, "field-address", "Rynek 1, Kraków")
    shot(browser, "03-contact")
    press(browser, "Continue")
    shot(browser, "04-created")
    assert re.fullmatch(r"\d{6}", browser.find_element(By.CSS_SELECTOR, "[data-testid=management-code]").text)
    created = browser.find_element(By.TAG_NAME, "main").text
    assert "removal form" not in created and "Manage this report" in created
    follow(browser, By.CSS_SELECTOR, "[data-testid=report-link]")
    shot(browser, "05-details")
    assert "FOUND" in browser.find_element(By.CSS_SELECTOR, "[data-testid=status]").text
    # The tag the finder typed is private: no row for it, not even an empty one.
    details = browser.find_element(By.TAG_NAME, "main").text
    assert "Collar/tag" not in details and "Mruczek" not in details and "700 80" not in details


def test_remove_report_with_code(browser, server, photo, shot):
    code = walk_missing(browser, server, photo, shot, chip="")
    follow(browser, By.CSS_SELECTOR, "[data-testid=report-link]")
    details_url = browser.current_url
    follow(browser, By.LINK_TEXT, "Manage this report")
    fill(browser, "field-code", "000000" if code != "000000" else "111111")
    press(browser, "Open my report")
    shot(browser, "07-wrong-code")
    assert "This code is not correct" in browser.find_element(By.ID, "field-code-error").text
    fill(browser, "field-code", code)
    press(browser, "Open my report")
    press(browser, "Remove Report")
    shot(browser, "08-confirm-removal")
    assert "Remove this report for good?" in browser.find_element(By.ID, "confirm-title").text
    press(browser, "Yes, remove the report")
    shot(browser, "08-removed")
    assert "Report removed" in browser.find_element(By.TAG_NAME, "h1").text
    browser.get(details_url)
    assert "Page not found" in browser.find_element(By.TAG_NAME, "h1").text


def test_polish_interface(polish_browser, server, shot):
    polish_browser.javascript = True
    polish_browser.get(server + "/")
    shot(polish_browser, "01-landing")
    assert "Znajdź swojego pupila" in polish_browser.find_element(By.TAG_NAME, "h1").text
    follow(polish_browser, By.LINK_TEXT, "Zgłoś zagubione zwierzę")
    assert "Numer mikroczipu" in polish_browser.find_element(By.TAG_NAME, "h1").text
    follow(polish_browser, By.CSS_SELECTOR, "[data-testid=language-switch]")
    shot(polish_browser, "02-switched")
    assert "Microchip number" in polish_browser.find_element(By.TAG_NAME, "h1").text
    polish_browser.get(server + "/lost-pets")
    assert "Lost and found pets" in polish_browser.find_element(By.TAG_NAME, "h1").text


def test_enter_in_the_code_field_changes_nothing_and_changes_are_asked_first(browser, server, shot):
    import json
    import urllib.request
    from selenium.webdriver.common.keys import Keys

    body = json.dumps({"species": "DOG", "sex": "UNKNOWN", "lastSeenDate": "2025-11-20", "status": "FOUND",
                       "locationLatitude": 52.2, "locationLongitude": 21.0, "phone": "600700800"}).encode()
    created = json.load(urllib.request.urlopen(urllib.request.Request(
        server + "/api/v1/announcements", data=body, headers={"Content-Type": "application/json"}), timeout=30))

    def status():
        return json.load(urllib.request.urlopen(f"{server}/api/v1/announcements/{created['id']}", timeout=10))["status"]

    # A found pet's page speaks of the finder.
    browser.get(f"{server}/lost-pets/{created['id']}")
    assert "Contact the finder" in browser.find_element(By.TAG_NAME, "main").text
    browser.get(f"{server}/manage/{created['id']}")
    page = browser.find_element(By.TAG_NAME, "html")
    browser.find_element(By.ID, "field-code").send_keys(created["managementPassword"] + Keys.ENTER)
    WebDriverWait(browser, 20).until(gone(page))
    shot(browser, "09-enter-shows-matches")
    assert browser.find_elements(By.ID, "matches-title")
    assert status() == "FOUND"

    # The right code opened the owner's view: its changes need no code again, and are still asked first.
    assert not browser.find_elements(By.ID, "field-code")
    press(browser, "Mark as reunited")
    assert "Mark this pet as reunited?" in browser.find_element(By.ID, "confirm-title").text
    assert status() == "FOUND"
    press(browser, "Yes, mark as reunited")
    assert status() == "CLOSED"
