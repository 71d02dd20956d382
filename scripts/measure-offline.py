#!/usr/bin/env python3
"""Measures the installable app on a phone-sized Chromium: what the shell costs over the wire (the service
worker and what it keeps at install, compressed as the server sends it) and how long the one-page report
form takes to open without signal, from the phone (median of 20 opens). Prints one line per figure.

    scripts/measure-offline.py [petspot binary]     (default: .build/release/petspot, else .build/debug)
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "e2e"))
from test_offline import Server, browser, installed, offline  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402


def wire_bytes(url):
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(request) as answer:
        return len(answer.read())


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else next(
        str(p) for p in (ROOT / ".build/release/petspot", ROOT / ".build/debug/petspot") if p.exists())
    os.environ["PETSPOT_BINARY"] = binary
    server = Server()
    server.start()
    profile = tempfile.mkdtemp(prefix="petspot-measure-")
    driver = browser(profile)
    try:
        installed(driver, server.url)
        kept = driver.execute_async_script("""
            var done = arguments[arguments.length - 1];
            caches.keys().then(function (names) {
              return Promise.all(names.map(function (n) { return caches.open(n).then(function (c) { return c.keys(); }); }));
            }).then(function (lists) { done([].concat.apply([], lists).map(function (r) { return new URL(r.url).pathname + new URL(r.url).search; })); });""")
        shell = ["/sw.js", "/manifest.webmanifest"] + kept
        total = sum(wire_bytes(server.url + path) for path in shell)
        print(f"shell over the wire: {total} bytes in {len(shell)} answers (gzip where the server compresses)")
        list_page = wire_bytes(server.url + "/lost-pets")
        print(f"list page HTML over the wire: {list_page} bytes")
        server.stop()
        offline(driver)
        times = []
        for _ in range(20):
            started = time.monotonic()
            driver.get(server.url + "/report-found/photo")
            driver.find_element(By.CSS_SELECTOR, "form[data-offline-form]")
            times.append(time.monotonic() - started)
        print(f"one-page form opened without signal: median {statistics.median(times) * 1000:.0f} ms, "
              f"slowest {max(times) * 1000:.0f} ms (20 opens)")
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
        shutil.rmtree(server.data, ignore_errors=True)


if __name__ == "__main__":
    main()
