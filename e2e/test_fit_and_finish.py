"""What a first-time user tripped on, at phone width (390×844), with JavaScript on and off: the home page's
alerts link, search results above the filters, the dog-only question, sighting times in the place's own
time zone, counted words in Polish, the site's icon."""
import datetime
import time
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from test_accessibility import create_report
from test_flows import fill, follow, press

PHONE_HEIGHT = 844


def test_the_home_pages_alerts_link_opens_the_alerts_form(browser, server, shot):
    browser.get(server + "/")
    link = browser.find_element(By.PARTIAL_LINK_TEXT, "Get an e-mail when a pet is reported")
    assert link.get_attribute("href").endswith("/alerts")
    follow(browser, By.PARTIAL_LINK_TEXT, "Get an e-mail when a pet is reported")
    shot(browser, "01-alerts")
    assert browser.find_elements(By.ID, "field-email")


def test_search_results_come_before_the_filters_on_a_phone(browser, server, photo, shot):
    word = "Plamka" + ("js" if browser.javascript else "nojs")
    today = datetime.date.today().isoformat()
    create_report(server, photo, petName=word, species="CAT", lastSeenDate=today, locationLatitude=50.0614, locationLongitude=19.9366)
    browser.get(server + "/lost-pets")
    fill(browser, "field-q", word)
    press(browser, "Show reports")
    shot(browser, "02-results")
    cards = browser.find_elements(By.CSS_SELECTOR, "ul.cards li.card")
    assert cards and word in cards[0].text
    assert browser.execute_script("return window.scrollY") == 0
    top = browser.execute_script("return arguments[0].getBoundingClientRect().top", cards[0])
    assert top < PHONE_HEIGHT, f"the first result starts {top}px down"
    assert "1 report" in browser.find_element(By.CSS_SELECTOR, "[data-testid=list-summary]").text


def test_the_dog_question_goes_when_a_cat_is_chosen(browser, server, photo, shot):
    browser.get(server + "/report-missing/microchip")
    press(browser, "Continue")
    browser.find_element(By.ID, "field-photo").send_keys(photo)
    press(browser, "Continue")
    Select(browser.find_element(By.ID, "field-species")).select_by_value("CAT")
    shot(browser, "03-cat")
    temperament = browser.find_element(By.ID, "field-temperament")
    lifestyle = browser.find_element(By.ID, "field-lifestyle")
    # Without a script both stay, each saying which species it is for.
    assert temperament.is_displayed() != browser.javascript
    assert lifestyle.is_displayed()
    Select(browser.find_element(By.ID, "field-species")).select_by_value("DOG")
    assert temperament.is_displayed() and lifestyle.is_displayed() != browser.javascript


def test_a_sighting_is_shown_in_the_places_own_time(browser, server, shot):
    report = create_report(server, None, petName="Czas", locationLatitude=52.2297, locationLongitude=21.0122)
    browser.get(f"{server}/lost-pets/{report['id']}/sighting")
    yesterday = (datetime.date.today() - datetime.timedelta(days=1)).isoformat()
    browser.execute_script("document.getElementById('field-seenAt').value = arguments[0]", f"{yesterday}T03:54")
    if browser.javascript:
        # The device's zone is UTC here; the form says so, and the time is read in it.
        offset = browser.execute_script("return -new Date().getTimezoneOffset()")
        warsaw = datetime.datetime.fromisoformat(f"{yesterday}T03:54").replace(tzinfo=datetime.timezone(datetime.timedelta(minutes=offset)))
    else:
        warsaw = None
    fill(browser, "field-latitude", "52.2411")
    fill(browser, "field-longitude", "21.0452")
    press(browser, "Add sighting")
    WebDriverWait(browser, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-testid=timeline]"))
    shot(browser, "04-sighting")
    item = browser.find_element(By.CSS_SELECTOR, "[data-testid=timeline] li").text
    assert "UTC" not in item and "(Warsaw time)" in item, item
    if warsaw is None:
        # Typed in Warsaw (the form's zone without a script), shown in Warsaw's time.
        assert f"{yesterday} 03:54 (Warsaw time)" in item, item


def test_polish_ages_are_counted(polish_browser, server, shot):
    for age, text in [(1, "1 rok"), (3, "3 lata"), (5, "5 lat"), (22, "22 lata")]:
        report = create_report(server, None, age=age)
        polish_browser.get(f"{server}/lost-pets/{report['id']}")
        facts = polish_browser.find_element(By.TAG_NAME, "main").text
        assert text in facts, (age, facts)


def test_every_page_names_the_sites_icon_and_it_is_served(browser, server):
    browser.get(server + "/")
    icon = browser.find_element(By.CSS_SELECTOR, "link[rel=icon]").get_attribute("href")
    for url in (icon, server + "/favicon.ico"):
        with urllib.request.urlopen(url, timeout=20) as response:
            assert response.status == 200 and response.headers["Content-Type"].startswith("image/svg+xml")
            assert b"<svg" in response.read()


def test_the_menu_reaches_every_part_and_marks_where_the_visitor_is(browser, server, shot):
    """The old web app's bar had Home, Lost Pet, Found Pet, Contact Us and Account: each part has its item
    here, marked as the current page once followed, also after Back; its old addresses lead to the same pages."""
    browser.get(server + "/")
    items = ["Lost and found pets", "Report a Missing Animal", "Report Found Animal", "My reports", "Help"]
    for item in items:
        follow(browser, By.XPATH, f"//header//a[normalize-space()='{item}']")
        current = browser.find_elements(By.CSS_SELECTOR, "header a[aria-current=page]")
        assert [link.text for link in current] == [item]
        assert browser.find_element(By.CSS_SELECTOR, "header nav").is_displayed()
    shot(browser, "07-help")
    assert "Never pay before you have seen the pet" in browser.find_element(By.TAG_NAME, "main").text
    browser.back()
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "header a[aria-current=page]")[0].text == "My reports")
    for old, new in [("/account", "/my-reports"), ("/found-pets", "/lost-pets?status=FOUND"), ("/contact", "/contact")]:
        browser.get(server + old)
        assert browser.current_url == server + new
