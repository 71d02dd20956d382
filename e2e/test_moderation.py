"""Issue 26 in a real browser: people flag a report, enough flags hold it for review, an operator signs in
to the console (enrolling an authenticator on the first sign-in), restores or deletes it, blocks an e-mail
address; the console is walked with the keyboard only and checked with axe in English and Polish.

The module runs its own server: `--trusted-proxy 127.0.0.1` lets urllib speak for other clients through
X-Forwarded-For (the browser is always 127.0.0.1), and `--flag-threshold 2` holds a report at its second
flagger."""
import base64
import csv
import hashlib
import hmac
import io
import itertools
import json
import re
import struct
import subprocess
import time
import urllib.error
import urllib.request
from urllib.parse import quote, urlsplit

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

from axe_runner import blocking, describe, run_axe
from conftest import SCREENSHOTS, make_driver, start_petspot
from test_accessibility import SIZES, activate, by_id, create_report, focused, http_status, keys, tab_to, type_into, viewport
from test_flows import fill, follow, navigate, press, set_date
from test_sightings import mailbox, text_of

HELD_SUBJECT = "Your PetSpot report is being reviewed"
REMOVED_SUBJECT = "Your PetSpot report was removed"
_UNIQUE = itertools.count(1)


def unique(prefix):
    return f"{prefix}-{time.time_ns() % 10**9}-{next(_UNIQUE)}"


# --- the server, its clients and its operators -----------------------------------------------------

@pytest.fixture(scope="module")
def mod():
    """A server of its own: X-Forwarded-For trusted from 127.0.0.1, a report held at its second flagger."""
    process, base = start_petspot("--report-limit", "1000000", "--trusted-proxy", "127.0.0.1", "--flag-threshold", "2")
    yield base
    process.terminate()
    process.wait(timeout=10)


_CLIENTS = itertools.count(1)


def another_client():
    """An address no other flag of this module came from (sent as X-Forwarded-For)."""
    number = next(_CLIENTS)
    return f"198.51.{100 + number // 250}.{number % 250 + 1}"


def call(method, url, payload=None, client=None):
    """(status, JSON answer) of an API request, errors included; `client` is sent as X-Forwarded-For."""
    headers = {"Content-Type": "application/json"}
    if client:
        headers["X-Forwarded-For"] = client
    data = json.dumps(payload).encode() if payload is not None else None
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        with error:
            body = error.read()
        return error.code, json.loads(body) if body.startswith(b"{") else body.decode(errors="replace")


def flag(server, report_id, client, reason="SPAM", detail="", sighting=None):
    path = f"/api/v1/announcements/{report_id}" + (f"/sightings/{sighting}" if sighting else "") + "/flags"
    return call("POST", server + path, {"reason": reason, "detail": detail}, client=client)


def new_report(server, name, **fields):
    """A report (no photo) by a reporter of its own; its dict has the owner's `email`."""
    fields.setdefault("email", unique(name.lower()) + "@example.com")
    return create_report(server, None, petName=name, **fields)


def held_report(server, name, **fields):
    """A report two other clients flagged, so it is held."""
    report = new_report(server, name, **fields)
    assert flag(server, report["id"], another_client(), "SCAM", "Asks for money first") == (201, {"held": False})
    assert flag(server, report["id"], another_client(), "SPAM") == (201, {"held": True})
    return report


def listed_by_api(server, report_id):
    status, answer = call("GET", server + "/api/v1/announcements?limit=1000")
    assert status == 200
    return any(item["id"] == report_id for item in answer["data"])


def totp(secret, step):
    """RFC 6238 with SHA-1, 30-second steps, 6 digits; `secret` in Base32 as the enrolment page shows it."""
    key = base64.b32decode(secret + "=" * (-len(secret) % 8))
    mac = hmac.new(key, struct.pack(">Q", step), hashlib.sha1).digest()
    offset = mac[-1] & 0x0F
    return f"{(struct.unpack('>I', mac[offset:offset + 4])[0] & 0x7FFFFFFF) % 10**6:06d}"


class Operator:
    """An operator made with `petspot operator add`; `secret` is known once enrolled."""

    def __init__(self, server, name):
        self.name, self.password, self.secret, self.last_step = name, f"pw-{name}-long-enough", None, 0
        binary = subprocess.run(["ps", "-o", "args=", "-C", "petspot"], capture_output=True, text=True)  # noqa: F841
        result = subprocess.run([_binary(), "operator", "add", name, "--password-stdin", "--data-dir", server.data],
                                input=self.password + "\n", capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, result.stderr

    def code(self):
        """A code of a step not used yet: now, else the next one (the server accepts one step either way)."""
        now = int(time.time() // 30)
        step = max(now, self.last_step + 1)
        while step > int(time.time() // 30) + 1:
            time.sleep(0.5)
        self.last_step = step
        return totp(self.secret, step)


def _binary():
    import os
    from conftest import ROOT
    return os.environ.get("PETSPOT_BINARY", str(ROOT / ".build" / "debug" / "petspot"))
