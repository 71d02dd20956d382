"""The location buttons ("Request GPS position" on the Missing flow's description step, "Use my location" on the
list) with JavaScript on, when the browser gives no position: a visible message right after the button says why,
and the coordinate fields stay empty."""
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import SCREENSHOTS, make_driver
from test_flows import press

# How the position is withheld, and what the message must then say.
CASES = {
    # The site may not know the position (a PERMISSION_DENIED error).
    "denied": "denied",
    # Permission granted, but no fix: an override without coordinates makes the position unavailable.
    "unavailable": "not available",
}


def withhold_position(driver, server, case):
    if case == "denied":
        driver.execute_cdp_cmd("Browser.setPermission", {"origin": server, "permission": {"name": "geolocation"},
                                                         "setting": "denied"})
    else:
        driver.execute_cdp_cmd("Browser.setPermission", {"origin": server, "permission": {"name": "geolocation"},
                                                         "setting": "granted"})
        driver.execute_cdp_cmd("Emulation.setGeolocationOverride", {})


def reach_description(driver, server, photo):
    """The Missing flow up to its description step: no chip, the photo, Continue."""
    driver.get(server + "/report-missing/microchip")
    press(driver, "Continue")
    driver.find_element(By.ID, "field-photo").send_keys(photo)
    press(driver, "Continue")
    assert driver.current_url.endswith("/report-missing/description"), driver.find_element(By.TAG_NAME, "main").text


PAGES = {
    "description": ("Request GPS position", "field-latitude", "field-longitude"),
    "list": ("Use my location", "field-lat", "field-lng"),
}


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("page", PAGES)
def test_no_position_is_explained_next_to_the_button(server, photo, page, case):
    label, latitude, longitude = PAGES[page]
    driver = make_driver(javascript=True)
    try:
        withhold_position(driver, server, case)
        if page == "description":
            reach_description(driver, server, photo)
        else:
            driver.get(server + "/lost-pets")
            # The list's coordinates and this button sit in a collapsed "Or use coordinates".
            driver.find_element(By.CSS_SELECTOR, "main details.coordinates > summary").click()
        button = driver.find_element(By.XPATH, f"//main//button[normalize-space()='{label}']")
        assert button.is_displayed(), "the location button stays hidden with JavaScript on"
        status = driver.execute_script("return arguments[0].nextElementSibling", button)
        assert status is not None and status.get_attribute("data-testid") == "geo-status", \
            "no geo-status element right after the button"
        assert status.get_attribute("role") == "status"
        assert status.text == ""
        button.click()
        WebDriverWait(driver, 20).until(lambda _d: status.text.strip())
        assert status.is_displayed()
        assert CASES[case] in status.text, status.text
        assert driver.find_element(By.ID, latitude).get_attribute("value") == ""
        assert driver.find_element(By.ID, longitude).get_attribute("value") == ""
    except Exception:
        SCREENSHOTS.mkdir(exist_ok=True)
        driver.save_screenshot(str(SCREENSHOTS / f"geolocation-{page}-{case}-failure.png"))
        raise
    finally:
        driver.quit()
