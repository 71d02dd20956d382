"""Nearby alerts in a real browser: subscribe without an account, confirm from the e-mail's link
(a GET only asks), hear about a report in the area (with RFC 8058 one-click unsubscribe headers), change
the subscription from its link, and unsubscribe."""
import re
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from test_accessibility import create_report
from test_flows import fill, press
from test_sightings import mailbox, text_of


def test_subscribe_confirm_hear_change_and_unsubscribe(browser, server, photo, shot):
    mark = "js" if browser.javascript else "nojs"
    address = f"neighbour-{mark}-{time.time_ns()}@example.com"
    browser.get(f"{server}/lost-pets?place=Warszawa")
    browser.find_element(By.CSS_SELECTOR, "[data-testid=alerts-link]").click()
    assert browser.find_element(By.TAG_NAME, "h1").text == "Get alerts near you"
    assert browser.find_element(By.ID, "field-place").get_attribute("value").startswith("Warsaw")
    fill(browser, "field-email", address)
    Select(browser.find_element(By.ID, "field-radiusKm")).select_by_value("5")
    shot(browser, "01-form")
    press(browser, "Send me alerts")
    assert browser.find_element(By.TAG_NAME, "h1").text == "Check your inbox"

    confirmation = mailbox(server, lambda m: m["To"] == address)
    assert len(confirmation) == 1 and confirmation[0]["Subject"] == "Confirm your PetSpot alerts"
    link = re.search(r"https?://\S+/alerts/\S+/confirm\?token=[0-9a-f]+", text_of(confirmation[0])).group(0)
    browser.get(link)
    assert browser.find_element(By.TAG_NAME, "h1").text == "Confirm your alerts"
    press(browser, "Yes, send me these alerts")
    assert browser.find_element(By.TAG_NAME, "h1").text == "Alerts on"
    # The e-mail's link opened again says they are on, rather than asking again.
    browser.get(link)
    assert browser.find_element(By.TAG_NAME, "h1").text == "Alerts on"

    report = create_report(server, photo, petName=f"Alert{mark}", locationLatitude=52.2310, locationLongitude=21.0150,
                           email="reporter@example.com", phone="+48 600 100 200")
    # The pet's name is a labelled fact in the body; the subject is PetSpot's own words.
    alerts = mailbox(server, lambda m: m["To"] == address and f"Alert{mark}" in text_of(m) and "Confirm" not in m["Subject"])
    assert len(alerts) == 1
    alert = alerts[0]
    assert alert["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert re.match(r"<https?://\S+/alerts/\S+/unsubscribe\?token=[0-9a-f]+>", alert["List-Unsubscribe"])
    body = text_of(alert)
    assert f"/lost-pets/{report['id']}" in body and "reporter@example.com" not in body and "600 100 200" not in body

    manage = re.search(r"https?://\S+/alerts/[^/\s]+\?token=[0-9a-f]+", body).group(0)
    browser.get(manage)
    assert browser.find_element(By.TAG_NAME, "h1").text == "Your alerts"
    Select(browser.find_element(By.ID, "field-radiusKm")).select_by_value("10")
    press(browser, "Save changes")
    assert "Your alerts are changed." in browser.find_element(By.CSS_SELECTOR, ".notice").text
    assert Select(browser.find_element(By.ID, "field-radiusKm")).first_selected_option.get_attribute("value") == "10"
    shot(browser, "02-manage")

    unsubscribe = alert["List-Unsubscribe"].strip("<>")
    browser.get(unsubscribe)
    press(browser, "Unsubscribe and delete my address")
    assert browser.find_element(By.TAG_NAME, "h1").text == "Unsubscribed"
    browser.get(manage)
    assert browser.find_element(By.TAG_NAME, "h1").text == "This link does not work"
