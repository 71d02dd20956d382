"""Fixtures: a real `petspot serve` on a free port with a temporary data folder, and Chromium drivers."""
import os
import socket
import struct
import subprocess
import tempfile
import time
import urllib.request
import zlib
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class ServerURL(str):
    """The server's address; `.data` is its data folder (its mailbox is `<data>/mailbox`)."""
    data = ""


def petspot_binary():
    return os.environ.get("PETSPOT_BINARY", str(ROOT / ".build" / "debug" / "petspot"))


def start_petspot(*settings):
    """Starts `petspot serve` on a free port with a new data folder and `settings` (extra `--name value`
    arguments); returns (process, address). The address's `.data` is the data folder."""
    port = free_port()
    data = tempfile.mkdtemp(prefix="petspot-e2e-")
    process = subprocess.Popen([petspot_binary(), "serve", "--port", str(port), "--data-dir", data, *settings],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = ServerURL(f"http://127.0.0.1:{port}")
    base.data = data
    for _ in range(600):  # ready: the database answers and the place names have loaded
        try:
            urllib.request.urlopen(base + "/api/ready", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    else:
        process.kill()
        raise RuntimeError("petspot did not start")
    return process, base


@pytest.fixture(scope="session")
def server():
    # Every browser test files its reports from 127.0.0.1; the per-client report limit is tested apart.
    process, base = start_petspot("--report-limit", "1000000")
    yield base
    process.terminate()
    process.wait(timeout=10)


def make_driver(javascript=True, language="en"):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=390,844",
                     f"--lang={language}"):
        options.add_argument(argument)
    prefs = {"intl.accept_languages": language}
    if not javascript:
        prefs["profile.managed_default_content_settings.javascript"] = 2
    options.add_experimental_option("prefs", prefs)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


# One Chromium per kind (scripts on or off, language) and test process, handed to each test in turn with
# its cookies, cache and storage cleared and extra windows closed: starting a browser per test was most
# of the browser tests' CPU. A browser that fails to reset is replaced.
_pool = {}


def _pooled(javascript=True, language="en"):
    key = (javascript, language)
    driver = _pool.get(key)
    if driver is None:
        driver = _pool[key] = make_driver(javascript=javascript, language=language)
    driver.javascript = javascript
    return driver


def _reset(javascript=True, language="en"):
    driver = _pool.get((javascript, language))
    if driver is None:
        return
    try:
        for handle in driver.window_handles[1:]:
            driver.switch_to.window(handle)
            driver.close()
        driver.switch_to.window(driver.window_handles[0])
        driver.get("about:blank")
        driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
        driver.execute_cdp_cmd("Network.clearBrowserCache", {})
        driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": "*", "storageTypes": "all"})
    except Exception:
        del _pool[(javascript, language)]
        try:
            driver.quit()
        except Exception:
            pass


@pytest.fixture(scope="session", autouse=True)
def _close_pooled_browsers():
    yield
    for driver in _pool.values():
        driver.quit()
    _pool.clear()


@pytest.fixture(params=[True, False], ids=["js", "nojs"])
def browser(request):
    yield _pooled(javascript=request.param)
    _reset(javascript=request.param)


@pytest.fixture
def polish_browser():
    yield _pooled(language="pl")
    _reset(language="pl")


@pytest.fixture(scope="session")
def photo(tmp_path_factory):
    """A small real PNG (4×4 orange pixels)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + b"\xff\x80\x00" * 4 for _ in range(4))
    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 4, 8, 2, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
    path = tmp_path_factory.mktemp("photos") / "pet.png"
    path.write_bytes(png)
    return str(path)


@pytest.fixture
def shot(request):
    """Saves a screenshot named after the test and the step."""
    SCREENSHOTS.mkdir(exist_ok=True)
    name = request.node.name.replace("[", "-").replace("]", "")

    def take(driver, step):
        driver.save_screenshot(str(SCREENSHOTS / f"{name}-{step}.png"))
    return take


def recording_driver(request, prefix):
    """An English Chromium for a fixture to yield from; the last page's screenshot is kept in
    screenshots/ as `<prefix>-<test>-failure.png` when the test fails."""
    chrome = make_driver()
    chrome.set_script_timeout(60)
    failed = request.session.testsfailed
    yield chrome
    if request.session.testsfailed > failed:
        SCREENSHOTS.mkdir(exist_ok=True)
        chrome.save_screenshot(str(SCREENSHOTS / f"{prefix}-{request.node.name.replace('[', '-').rstrip(']')}-failure.png"))
    chrome.quit()
