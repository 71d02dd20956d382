"""The list's free-text search in a real browser ("What the pet looks like").

A finder types what they saw into the box on /lost-pets and sends the filter form (with and without
JavaScript, in English and Polish); the report that meets most of the words is listed first, a report
that meets none is not listed, a report without a photo never is, the address and the box keep the words.
Words are found across the two languages and their forms: diacritics ("zolty" → "żółta"), endings
("czarnego" → "czarna"), colours ("rudy" → "orange", "black and white" → "czarno-biały"), one-letter
typos; the order can be switched to newest first; a search nobody meets shows the list's empty message;
the pager keeps the words (and the ranking across pages); axe finds nothing on a searched list.

The module runs a server of its own, so that the session's other reports never meet its words."""
import itertools
import urllib.parse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

from axe_runner import describe, run_axe
from conftest import SCREENSHOTS, make_driver, start_petspot
from test_accessibility import api, create_report
from test_flows import gone

TEXTS = {
    "en": {"label": "What the pet looks like", "apply": "Show reports", "order": "Order",
           "relevance": "Best match first", "newest": "Newest first",
           "empty": "No reports match. Try a larger radius, another place or fewer filters."},
    "pl": {"label": "Jak wygląda zwierzę", "apply": "Pokaż zgłoszenia", "order": "Kolejność",
           "relevance": "Najlepiej pasujące najpierw", "newest": "Najnowsze najpierw",
           "empty": "Brak pasujących zgłoszeń. Spróbuj większego promienia, innego miejsca albo mniej filtrów."},
}

# The reports, filed in this order (a later one is newer). Each is known on its card by its pet's name.
PETS = [
    # name, photo, fields
    ("Figa", True, {"species": "CAT", "description": "Small orange cat with a white chest, very shy."}),
    ("Pixel", False, {"species": "CAT", "description": "Ginger cat, white chest."}),  # no photo: never listed
    ("Bosman", True, {"species": "CAT", "description": "Grey tabby cat with a long tail."}),
    ("Reks", True, {"species": "DOG", "breed": "Labrador", "description": "Big brown dog, friendly, chocolate coat."}),
    ("Saba", True, {"species": "DOG", "breed": "Owczarek niemiecki", "description": "Czarna suczka, żółta obroża, boi się hałasu."}),
    ("Kruk", True, {"species": "CAT", "description": "Czarny kot, zielone oczy."}),
    ("Luna", True, {"species": "CAT", "description": "Czarno-biały kocur z długimi wąsami."}),
]
# More than a page (24) of dalmatians: twenty meet "spotted dalmatian" twice, six (filed later, so newer)
# only once; ranking puts the twenty first although they are older.
BOTH = [f"Dot{number:02d}" for number in range(1, 21)]
ONCE = [f"Dot{number:02d}" for number in range(21, 27)]
PAGE_SIZE = 24


# --- the server and its reports ----------------------------------------------------------------------

@pytest.fixture(scope="module")
def site(photo):
    """A server of its own with PETS and the dalmatians filed; yields (address, {name: id})."""
    process, base = start_petspot("--report-limit", "1000000")
    try:
        ids = {}
        for name, with_photo, fields in PETS:
            ids[name] = create_report(base, photo if with_photo else None, petName=name, **fields)["id"]
        for name in BOTH:
            ids[name] = create_report(base, photo, petName=name, breed="Dalmatian",
                                      description=f"Spotted dalmatian pup, tag {name[3:]}.")["id"]
        for name in ONCE:
            ids[name] = create_report(base, photo, petName=name, description=f"Dalmatian pup, tag {name[3:]}.")["id"]
        yield base, ids
    finally:
        process.terminate()
        process.wait(timeout=10)


_SHOTS = itertools.count(1)


def chromium(request, javascript, language="en"):
    """A Chromium (JavaScript on or off, `language` as its Accept-Language) for a fixture to yield from;
    the last page's screenshot is kept in screenshots/ when the test fails."""
    driver = make_driver(javascript=javascript, language=language)
    driver.javascript = javascript
    driver.set_script_timeout(60)
    failed = request.session.testsfailed
    yield driver
    if request.session.testsfailed > failed:
        SCREENSHOTS.mkdir(exist_ok=True)
        name = request.node.name.replace("[", "-").rstrip("]")
        driver.save_screenshot(str(SCREENSHOTS / f"search-{name}-failure.png"))
    driver.quit()


@pytest.fixture(params=[True, False], ids=["js", "nojs"])
def browser(request):
    """An English Chromium, with and without JavaScript."""
    yield from chromium(request, request.param)


# --- what a person does and sees ---------------------------------------------------------------------

def loaded(driver):
    WebDriverWait(driver, 20).until(lambda d: d.execute_script("return document.readyState") == "complete")


def navigate(driver, action):
    """Does `action` (which leaves the page) and waits until the next page has fully loaded."""
    loaded(driver)
    page = driver.find_element(By.TAG_NAME, "html")
    action()
    WebDriverWait(driver, 20).until(gone(page))
    loaded(driver)


def open_list(driver, server, language):
    """The list page in `language`: with JavaScript through the browser's own language (Accept-Language),
    without it through the header's language switch."""
    driver.get(server + "/lost-pets")
    loaded(driver)
    switched = language_of(driver) != language
    if switched:
        navigate(driver, lambda: driver.find_element(By.CSS_SELECTOR, "[data-testid=language-switch]").click())
    assert language_of(driver) == language
    assert urllib.parse.urlsplit(driver.current_url).path == "/lost-pets"
    return switched


def language_of(driver):
    return driver.find_element(By.TAG_NAME, "html").get_attribute("lang")


def search_box(driver):
    return driver.find_element(By.CSS_SELECTOR, "main form.filter input[type=search][name=q]")


def label_of(driver, element):
    return driver.find_element(By.CSS_SELECTOR, f"label[for='{element.get_attribute('id')}']").text


def search(driver, words, language="en", order=None, enter=False):
    """Types `words` into the search box (replacing what it held), picks `order` when given, and sends the
    form: with the Enter key in the box, or with the form's button."""
    box = search_box(driver)
    assert label_of(driver, box) == TEXTS[language]["label"]
    box.clear()
    box.send_keys(words)
    if order is not None:
        Select(driver.find_element(By.CSS_SELECTOR, "main form.filter select[name=sort]")).select_by_visible_text(order)
    if enter:
        navigate(driver, lambda: search_box(driver).send_keys(Keys.ENTER))
    else:
        button = f"//main//form[contains(@class, 'filter')]//button[@type='submit' and normalize-space()='{TEXTS[language]['apply']}']"
        navigate(driver, lambda: driver.find_element(By.XPATH, button).click())


def query_of(driver):
    return urllib.parse.parse_qs(urllib.parse.urlsplit(driver.current_url).query)


def names(driver):
    """The pets' names on the cards, in the order listed."""
    return [card.find_element(By.CSS_SELECTOR, ".card-name").text
            for card in driver.find_elements(By.CSS_SELECTOR, "main ul.cards > li.card")]


def main_text(driver):
    return driver.find_element(By.TAG_NAME, "main").text


def assert_searched(driver, words, language="en"):
    """The address carries the words and the box still holds them, under its label."""
    assert query_of(driver).get("q") == [words], driver.current_url
    box = search_box(driver)
    assert box.get_attribute("value") == words
    assert label_of(driver, box) == TEXTS[language]["label"]
    assert language_of(driver) == language


def first_and_without(driver, first, absent=(), after=()):
    """`first` heads the list, none of `absent` is on it and each of `after` is listed below `first`."""
    listed = names(driver)
    assert listed and listed[0] == first, f"expected {first} first, got {listed}\n{main_text(driver)}"
    for name in absent:
        assert name not in listed, f"{name} should not be listed: {listed}"
    for name in after:
        assert name in listed[1:], f"{name} should be listed after {first}: {listed}"
    return listed


# --- 1, 2. English, with and without JavaScript ------------------------------------------------------

def test_english_search_lists_the_best_match_first(browser, site, shot):
    """A finder's words find the orange cat first; a cat meeting fewer words comes after it although it
    is newer; the brown dog and the report without a photo are not listed; the URL and the box keep the
    words; "Newest first" turns the order round, and is kept in its select."""
    server, _ = site
    open_list(browser, server, "en")
    words = "ginger cat white chest"
    search(browser, words, enter=browser.javascript)
    shot(browser, "01-ginger")
    assert_searched(browser, words)
    # Figa meets all four words (orange = ginger); Luna (czarno-biały: white, cat), Bosman and Kruk only "cat".
    listed = first_and_without(browser, "Figa", absent=["Reks", "Saba", "Pixel"], after=["Bosman", "Kruk", "Luna"])
    assert listed.index("Luna") < listed.index("Bosman"), listed
    assert Select(browser.find_element(By.NAME, "sort")).first_selected_option.text == TEXTS["en"]["relevance"]

    search(browser, words, order=TEXTS["en"]["newest"])
    shot(browser, "02-newest")
    assert_searched(browser, words)
    assert query_of(browser).get("sort") == ["newest"]
    assert Select(browser.find_element(By.NAME, "sort")).first_selected_option.text == TEXTS["en"]["newest"]
    listed = names(browser)
    # The same cats, the newest filed first: Luna, Kruk, Bosman, Figa.
    assert listed == ["Luna", "Kruk", "Bosman", "Figa"], listed


def test_english_words_meet_polish_reports_with_typos(browser, site):
    """English words find a Polish description ("black and white" is "czarno-biały"), a one-letter typo
    still finds a breed, and Polish word endings meet ("czarnego owczarka" finds "Czarna … Owczarek")."""
    server, _ = site
    open_list(browser, server, "en")
    search(browser, "black and white cat", enter=not browser.javascript)
    assert_searched(browser, "black and white cat")
    first_and_without(browser, "Luna", absent=["Reks"], after=["Figa", "Kruk", "Saba"])

    search(browser, "labrdor")
    assert_searched(browser, "labrdor")
    assert names(browser) == ["Reks"], main_text(browser)

    search(browser, "czarnego owczarka")
    assert_searched(browser, "czarnego owczarka")
    first_and_without(browser, "Saba", absent=["Figa", "Reks"], after=["Kruk"])


# --- 3. Polish, with and without JavaScript ---------------------------------------------------------

@pytest.fixture(params=[True, False], ids=["js", "nojs"])
def polish(request):
    """A Chromium asking for Polish, with JavaScript; and an English one without, switched by the link."""
    yield from chromium(request, request.param, language="pl" if request.param else "en")


def test_polish_search(polish, site, shot):
    """In Polish the box is "Jak wygląda zwierzę"; "czarny owczarek" finds the black shepherd bitch
    first (a black cat after it, the orange cat not at all), "zolty" finds "żółta" without its diacritics,
    and the Polish colour "rudy" finds the English "orange cat"."""
    server, _ = site
    assert open_list(polish, server, "pl") == (not polish.javascript)  # the switch only for the English browser
    assert TEXTS["pl"]["order"] in main_text(polish)
    search(polish, "czarny owczarek", "pl", enter=polish.javascript)
    shot(polish, "01-czarny-owczarek")
    assert_searched(polish, "czarny owczarek", "pl")
    first_and_without(polish, "Saba", absent=["Figa", "Reks", "Bosman"], after=["Kruk"])
    assert Select(polish.find_element(By.NAME, "sort")).first_selected_option.text == TEXTS["pl"]["relevance"]

    search(polish, "zolty", "pl")
    assert_searched(polish, "zolty", "pl")
    assert names(polish) == ["Saba"], main_text(polish)

    search(polish, "rudy", "pl", enter=not polish.javascript)
    shot(polish, "02-rudy")
    assert_searched(polish, "rudy", "pl")
    assert names(polish) == ["Figa"], main_text(polish)  # Pixel ("Ginger cat") has no photo


def test_api_search_matches_the_page(site):
    """GET /api/v1/announcements?q= finds what the page finds, in the same order."""
    server, ids = site

    def found(words):
        answer = api("GET", server + "/api/v1/announcements?" + urllib.parse.urlencode({"q": words}))
        by_id = {value: key for key, value in ids.items()}
        return [by_id.get(report["id"], report["id"]) for report in answer["data"]]

    assert found("rudy") == ["Figa"]
    assert found("tuxedo") == ["Luna"]
    assert found("zolty") == ["Saba"]
    listed = found("ginger cat white chest")
    assert listed[0] == "Figa" and "Reks" not in listed and "Pixel" not in listed, listed


# --- 4. nothing matches -----------------------------------------------------------------------------

@pytest.fixture(params=[("en", True), ("pl", False)], ids=["en-js", "pl-nojs"])
def any_browser(request):
    language, javascript = request.param
    driver_iterator = chromium(request, javascript, language=language if javascript else "en")
    driver = next(driver_iterator)
    driver.language = language
    yield driver
    next(driver_iterator, None)


def test_no_match_shows_the_empty_message(any_browser, site):
    """Words no report meets: the list's "nothing matches" message, no cards, no pager, the words kept."""
    server, _ = site
    language = any_browser.language
    open_list(any_browser, server, language)
    search(any_browser, "purple axolotl", language)
    assert_searched(any_browser, "purple axolotl", language)
    assert names(any_browser) == []
    assert not any_browser.find_elements(By.CSS_SELECTOR, "main ul.cards")
    message = any_browser.find_element(By.CSS_SELECTOR, "main p.empty")
    assert message.is_displayed() and message.text == TEXTS[language]["empty"]
    assert not any_browser.find_elements(By.CSS_SELECTOR, "main nav.pager")


# --- 5. the pager keeps the words --------------------------------------------------------------------

def test_pager_keeps_the_search(browser, site):
    """26 dalmatians: the first page lists the 20 meeting both words, then 4 of the 6 newer meeting one;
    "Next" keeps q= and the box's words and lists the other two; "First page" comes back to the search."""
    server, _ = site
    open_list(browser, server, "en")
    words = "spotted dalmatian"
    search(browser, words, enter=browser.javascript)
    assert_searched(browser, words)
    first = names(browser)
    assert len(first) == PAGE_SIZE, first
    assert sorted(first[:len(BOTH)]) == BOTH, first
    assert set(first[len(BOTH):]) < set(ONCE), first

    navigate(browser, lambda: browser.find_element(By.CSS_SELECTOR, "main nav.pager a[rel=next]").click())
    assert_searched(browser, words)
    assert "after" in query_of(browser)
    second = names(browser)
    assert sorted(first + second) == sorted(BOTH + ONCE), second
    assert not browser.find_elements(By.CSS_SELECTOR, "main nav.pager a[rel=next]")

    navigate(browser, lambda: browser.find_element(By.XPATH, "//main//nav[contains(@class, 'pager')]//a[normalize-space()='First page']").click())
    assert_searched(browser, words)
    assert "after" not in query_of(browser)
    assert names(browser) == first


# --- 6. accessibility --------------------------------------------------------------------------------

@pytest.mark.parametrize("language", ["en", "pl"])
def test_searched_list_has_no_axe_violations(browser, site, language):
    """axe-core 4.x on the list after a search (cards listed) and after one nobody meets, in both
    languages, with and without JavaScript: no violations at all."""
    server, _ = site
    open_list(browser, server, language)
    problems = []
    for words in (("czarny kot" if language == "pl" else "ginger cat"), "purple axolotl"):
        search(browser, words, language)
        assert_searched(browser, words, language)
        problems += describe(f"list [{language}]", browser.current_url, run_axe(browser, javascript=browser.javascript))
    assert not problems, "\n".join(problems)


# --- the box looks like the form's other boxes ------------------------------------------------------

def test_search_box_looks_like_the_other_boxes(site, request):
    """The search box is as tall, as readable and as framed as the place box beside it."""
    server, _ = site
    driver = next(driver_iterator := chromium(request, True))
    try:
        open_list(driver, server, "en")
        look = driver.execute_script("""
            return ['field-q', 'field-place'].map(function (id) {
              var element = document.getElementById(id), style = getComputedStyle(element);
              return [Math.round(element.getBoundingClientRect().height), style.fontSize, style.borderRadius, style.paddingLeft];
            });""")
        assert look[0] == look[1], f"search box (height, font size, corners, padding) {look[0]} vs place box {look[1]}"
    finally:
        next(driver_iterator, None)
