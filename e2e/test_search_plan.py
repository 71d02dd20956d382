"""The search plan in a real browser: a cat report walked through day 0 and day 3 (the server restarted on the
same data with PETSPOT_TEST_CLOCK_DAYS=3), with JavaScript on and off. Day 0: the owner's plan starts with
the home, a step is ticked, an area is marked searched and shows on the public page with the likely area.
Day 3: the plan has moved on (its ticks with it), the plan e-mail has come, its page ticks steps with the
keyboard only, and one click stops the e-mails. axe on the manage page, the plan page and the report page, in
English and in Polish."""
import os
import re
import subprocess
import tempfile
import time
import urllib.request
from datetime import datetime, timedelta, timezone

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from axe_runner import blocking, describe, run_axe
from conftest import ServerURL, free_port, make_driver, petspot_binary
from test_accessibility import activate, create_report, focused, keys, tab_to
from test_flows import gone
from test_owner import open_as_owner
from test_sightings import mailbox, text_of

PLAN_LINK = re.compile(r"http://127\.0\.0\.1:\d+(/plan/[0-9a-f-]+\?token=[0-9a-f]+)")


def serve(data, port, clock_days):
    environment = dict(os.environ, PETSPOT_TEST_CLOCK_DAYS=str(clock_days))
    process = subprocess.Popen([petspot_binary(), "serve", "--port", str(port), "--data-dir", data, "--report-limit", "1000000"],
                               env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = ServerURL(f"http://127.0.0.1:{port}")
    base.data = data
    for _ in range(200):
        try:
            urllib.request.urlopen(base + "/", timeout=1)
            return process, base
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("petspot did not start")


def stop(process):
    process.terminate()
    process.wait(timeout=10)


def no_blocking(driver, page, javascript=True):
    violations = blocking(run_axe(driver, javascript))
    assert not violations, "\n".join(describe(page, driver.current_url, violations))


def plan_steps(driver):
    return [item.text for item in driver.find_elements(By.CSS_SELECTOR, "[data-testid=plan-steps] li")]


def ticked(driver, step):
    return driver.find_element(By.CSS_SELECTOR, f"[data-testid=plan-step-{step}]").is_selected()


def submit(driver, action):
    page = driver.find_element(By.TAG_NAME, "html")
    driver.find_element(By.CSS_SELECTOR, f"button[name=action][value={action}]").click()
    WebDriverWait(driver, 20).until(gone(page))


def test_a_cat_report_through_day_0_and_day_3(photo):
    data = tempfile.mkdtemp(prefix="petspot-e2e-plan-")
    port = free_port()
    today = datetime.now(timezone.utc).date()
    reports = {}
    process, server = serve(data, port, 0)
    try:
        for javascript in (True, False):
            mark = "js" if javascript else "nojs"
            created = create_report(server, photo, species="CAT", petName=f"Mruczek-{mark}", lifestyle="INDOOR_ONLY",
                                    lastSeenDate=today.isoformat(), email=f"owner-{mark}@example.com")
            reports[javascript] = created
            driver = make_driver(javascript=javascript)
            try:
                driver.get(f"{server}/manage/{created['id']}")
                open_as_owner(driver, created["managementPassword"])
                plan = driver.find_element(By.CSS_SELECTOR, "[data-testid=search-plan]").text
                assert "the day it went missing" in plan and "within 39 m" in plan and "137 m" in plan, plan
                assert plan_steps(driver)[0].startswith("Search your own home thoroughly first"), plan_steps(driver)
                if javascript:
                    no_blocking(driver, "manage page with the plan")
                driver.find_element(By.CSS_SELECTOR, "[data-testid=plan-step-SEARCH_HOME]").click()
                submit(driver, "plan-done")
                assert "The steps you ticked stay done" in driver.find_element(By.TAG_NAME, "main").text
                assert ticked(driver, "SEARCH_HOME") and not ticked(driver, "CHECK_CHIP")
                # An area searched: 100 m round the filled-in point (the public area's centre).
                latitude = driver.find_element(By.ID, "field-latitude").get_attribute("value")
                assert latitude and abs(float(latitude) - 52.2297) < 0.01, latitude
                driver.find_element(By.CSS_SELECTOR, "#field-radius option[value='100']").click()
                # The answer opens at the section it is about, not at the page's top.
                assert driver.find_element(By.CSS_SELECTOR, "[data-testid=searched-form] button[value=searched-add]").get_attribute("formaction").endswith("#searched")
                submit(driver, "searched-add")
                searched = driver.find_element(By.CSS_SELECTOR, "[data-testid=searched]").text
                assert "The area is marked as searched." in searched and "100 m around" in searched, searched
                # The public page: where to look today, and the area searched.
                driver.get(f"{server}/lost-pets/{created['id']}")
                where = driver.find_element(By.CSS_SELECTOR, "[data-testid=where-to-look]").text
                assert "within 137 m" in where and "100 m around" in where and today.isoformat() in where, where
                if javascript:
                    WebDriverWait(driver, 20).until(lambda d: d.execute_script(
                        "return document.querySelectorAll('.leaflet-overlay-pane path').length") >= 3)
                    no_blocking(driver, "report page with the likely area")
                else:
                    assert driver.find_element(By.CSS_SELECTOR, "[data-map]").get_attribute("data-likely") == "450"
            finally:
                driver.quit()
    finally:
        stop(process)

    # Day 3: the same data, the clock three days on.
    process, server = serve(data, port, 3)
    try:
        for javascript in (True, False):
            mark = "js" if javascript else "nojs"
            created = reports[javascript]
            mails = mailbox(server, lambda m: m["To"] == f"owner-{mark}@example.com" and "(3 days since it went missing)" in m["Subject"], timeout=60)
            assert len(mails) == 1, [m["Subject"] for m in mails]
            body = text_of(mails[0])
            assert "Print the flyer" in body and "Put food, water" in body, body
            assert mails[0]["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
            link = PLAN_LINK.search(body).group(1)
            driver = make_driver(javascript=javascript)
            try:
                driver.get(f"{server}/manage/{created['id']}")
                open_as_owner(driver, created["managementPassword"])
                plan = driver.find_element(By.CSS_SELECTOR, "[data-testid=search-plan]").text
                assert "3 days since it went missing" in plan, plan
                assert plan_steps(driver)[0].startswith("Print the flyer"), plan_steps(driver)
                assert not any(step.startswith("Search your own home") for step in plan_steps(driver))
                assert not ticked(driver, "SEARCH_DUSK_DAWN")
                # The e-mailed page, with the keyboard only: Tab to a box, Space ticks it, Tab on to Save, Enter.
                driver.get(server + link)
                assert driver.find_element(By.TAG_NAME, "h1").text == f"Search plan for Mruczek-{mark}"
                if javascript:
                    no_blocking(driver, "e-mailed plan page")
                tab_to(driver, lambda e: e["type"] == "checkbox" and e["id"] == "" and
                       driver.execute_script("return document.activeElement.name") == "done-FEEDING_STATION", "the feeding station box")
                keys(driver, Keys.SPACE)
                tab_to(driver, lambda e: e["tag"] == "button" and e["text"] == "Save what is done", "Save")
                activate(driver)
                assert ticked(driver, "FEEDING_STATION") and not ticked(driver, "PRINT_FLYER")
                # One click stops the e-mails; the page asks first.
                driver.find_element(By.CSS_SELECTOR, "[data-testid=plan-stop]").click()
                page = driver.find_element(By.TAG_NAME, "html")
                driver.find_element(By.CSS_SELECTOR, "[data-testid=alert-action]").click()
                WebDriverWait(driver, 20).until(gone(page))
                assert "Plan e-mails stopped" in driver.find_element(By.TAG_NAME, "main").text
                if javascript:
                    # The same three pages in Polish, axe-clean.
                    driver.get(server + "/language?lang=pl&back=/")
                    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "pl"
                    driver.get(server + link)
                    assert driver.find_element(By.TAG_NAME, "h1").text == f"Plan poszukiwań: Mruczek-{mark}"
                    no_blocking(driver, "e-mailed plan page [pl]")
                    driver.get(f"{server}/lost-pets/{created['id']}")
                    assert "Dziś (3 dni od zaginięcia) zwierzęta takie jak to" in driver.find_element(By.CSS_SELECTOR, "[data-testid=where-to-look]").text
                    WebDriverWait(driver, 20).until(lambda d: d.execute_script(
                        "return document.querySelectorAll('.leaflet-overlay-pane path').length") >= 3)
                    no_blocking(driver, "report page with the likely area [pl]")
                    driver.get(f"{server}/manage/{created['id']}")
                    open_as_owner(driver, created["managementPassword"])
                    assert "(3 dni od zaginięcia)" in driver.find_element(By.CSS_SELECTOR, "[data-testid=search-plan]").text
                    no_blocking(driver, "manage page with the plan [pl]")
            finally:
                driver.quit()
    finally:
        stop(process)
