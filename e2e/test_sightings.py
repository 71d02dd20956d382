"""Sightings and the contact relay in a real browser: a sighting added without an account appears on the timeline and on the map,
and its owner is e-mailed; the owner hides one with the code; a relayed report shows no e-mail or phone, and
a message to its owner arrives with the sender's address as Reply-To."""
import email
import email.policy
import os
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from test_accessibility import api, create_report
from test_flows import fill, press
from test_owner import open_as_owner


def mailbox(server, predicate, timeout=20):
    """The messages of the server's mailbox folder that `predicate` accepts, once there is one."""
    folder = os.path.join(server.data, "mailbox")
    deadline = time.time() + timeout
    while True:
        found = []
        for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
            if name.endswith(".eml"):
                with open(os.path.join(folder, name), "rb") as file:
                    message = email.message_from_binary_file(file, policy=email.policy.default)
                if predicate(message):
                    found.append(message)
        if found or time.time() > deadline:
            return found
        time.sleep(0.2)


def text_of(message):
    return message.get_body(preferencelist=("plain",)).get_content()


def test_a_sighting_reaches_the_timeline_the_map_and_the_owner(browser, server, photo, shot):
    mark = "js" if browser.javascript else "nojs"
    owner = f"owner-{mark}-{time.time_ns()}@example.com"
    report = create_report(server, photo, petName="Burek", email=owner, locationLatitude=52.2297, locationLongitude=21.0122)
    browser.get(f"{server}/lost-pets/{report['id']}")
    assert "No sightings yet" in browser.find_element(By.ID, "sightings").text
    browser.find_element(By.CSS_SELECTOR, "[data-testid=sighting-link]").click()
    WebDriverWait(browser, 20).until(lambda d: d.find_elements(By.ID, "field-note"))
    assert browser.find_element(By.TAG_NAME, "h1").text == "Report a sighting"
    # "When" starts at now; a place is typed (no map click needed), or the coordinates without JavaScript.
    assert browser.find_element(By.ID, "field-seenAt").get_attribute("value")
    fill(browser, "field-latitude", "52,2411")
    fill(browser, "field-longitude", "21,0452")
    fill(browser, "field-note", f"Running towards the river ({mark})")
    browser.find_element(By.ID, "field-photo").send_keys(photo)
    fill(browser, "field-email", f"walker-{mark}@example.com")
    shot(browser, "01-form")
    press(browser, "Add sighting")
    WebDriverWait(browser, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-testid=timeline]"))
    shot(browser, "02-timeline")
    assert "Your sighting is on the timeline" in browser.find_element(By.CSS_SELECTOR, ".notice").text
    item = browser.find_element(By.CSS_SELECTOR, "[data-testid=timeline] li")
    assert f"Running towards the river ({mark})" in item.text and "(Warsaw time)" in item.text
    assert item.find_elements(By.CSS_SELECTOR, "img[src*='/images/sighting-']"), "the sighting's photo is not shown"
    source = browser.page_source
    assert f"walker-{mark}@example.com" not in source and "52.2411" not in source
    area = browser.find_element(By.CSS_SELECTOR, "div.map[data-map=area]")
    assert area.get_attribute("data-markers") == "1,52.24,21.045"
    if browser.javascript:
        WebDriverWait(browser, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, "div.map .sighting-marker"), "no sighting marker")
        assert browser.find_element(By.CSS_SELECTOR, "div.map .sighting-marker").text == "1"
        shot(browser, "03-map")
    # The owner is told by e-mail, with a link to the timeline.
    mails = mailbox(server, lambda m: m["To"] == owner and "New sighting" in m["Subject"])
    assert len(mails) == 1, [m["Subject"] for m in mails]
    assert f"Running towards the river ({mark})" in text_of(mails[0])
    assert f"/lost-pets/{report['id']}#sightings" in text_of(mails[0])
    assert f"walker-{mark}" not in text_of(mails[0])

    # The owner hides it with the code: it leaves the timeline.
    browser.get(f"{server}/manage/{report['id']}")
    open_as_owner(browser, report["managementPassword"])
    owner_list = browser.find_element(By.CSS_SELECTOR, "[data-testid=owner-sightings]")
    assert f"Running towards the river ({mark})" in owner_list.text
    page = browser.find_element(By.TAG_NAME, "html")
    owner_list.find_element(By.CSS_SELECTOR, "button[value=hide-sighting]").click()
    WebDriverWait(browser, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, "button[value=show-sighting]"))
    shot(browser, "04-hidden")
    browser.get(f"{server}/lost-pets/{report['id']}")
    assert "No sightings yet" in browser.find_element(By.ID, "sightings").text
    assert not api("GET", f"{server}/api/v1/announcements/{report['id']}/sightings")["data"]


def test_a_relayed_report_hides_its_contact_and_a_message_arrives_with_reply_to(browser, server, photo, shot):
    mark = "js" if browser.javascript else "nojs"
    owner = f"relayed-{mark}-{time.time_ns()}@example.com"
    report = create_report(server, photo, petName="Kora", email=owner, phone="+48 600 111 222", contactVisibility="RELAYED")
    browser.get(f"{server}/lost-pets/{report['id']}")
    source = browser.page_source
    assert owner not in source and "600 111 222" not in source
    browser.find_element(By.CSS_SELECTOR, "[data-testid=relay-link]").click()
    WebDriverWait(browser, 20).until(lambda d: d.find_elements(By.ID, "field-message"))
    fill(browser, "field-name", "Anna")
    fill(browser, "field-email", f"anna-{mark}@example.com")
    fill(browser, "field-trait", "A white spot on the left ear")
    fill(browser, "field-message", "I think I saw your dog by the station this morning.")
    shot(browser, "01-message")
    press(browser, "Send the message")
    # The sender's name is a labelled fact in the body, never in PetSpot's subject line.
    mails = mailbox(server, lambda m: m["To"] == owner and m["Reply-To"] == f"anna-{mark}@example.com")
    assert len(mails) == 1
    assert mails[0]["Reply-To"] == f"anna-{mark}@example.com"
    body = text_of(mails[0])
    assert body.index("A white spot on the left ear") < body.index("I think I saw your dog")
