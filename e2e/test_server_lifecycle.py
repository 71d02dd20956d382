"""The real `petspot serve` process: data survives a restart and SIGTERM lets a request in flight finish."""
import base64
import json
import os
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request

from conftest import ROOT, free_port

BINARY = os.environ.get("PETSPOT_BINARY", str(ROOT / ".build" / "debug" / "petspot"))


def start(data, port, *extra, environment=None):
    # Its log and, should it crash, the runtime's backtrace go to a file in the data folder (`exit_code` shows them).
    log = open(os.path.join(data, f"serve-{port}.log"), "ab")
    process = subprocess.Popen([BINARY, "serve", "--port", str(port), "--data-dir", data, *extra],
                               stdout=log, stderr=subprocess.STDOUT, env=environment)
    process.log = log.name
    for _ in range(200):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=1)
            return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("petspot did not start")


def exit_code(process):
    """The exit code once it ends, with the end of its log when that is not 0."""
    code = process.wait(timeout=15)
    if code != 0:
        with open(process.log, "rb") as log:
            print(log.read()[-6000:].decode(errors="replace"))
    return code


def create(port):
    body = json.dumps({"species": "DOG", "sex": "MALE", "lastSeenDate": "2025-11-20", "status": "MISSING",
                       "locationLatitude": 52.2, "locationLongitude": 21.0, "email": "owner@example.com"}).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/v1/announcements", data=body,
                                     headers={"Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(request, timeout=60))


def test_sigterm_finishes_the_request_in_flight_then_exits_cleanly():
    data, port = tempfile.mkdtemp(prefix="petspot-life-"), free_port()
    process = start(data, port)
    report = create(port)
    photo = b"\xff\xd8\xff\xe0" + b"\x00" * 200_000
    boundary = "lifecycle"
    head = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"p.jpg\"\r\n\r\n").encode()
    tail = f"\r\n--{boundary}--\r\n".encode()
    auth = base64.b64encode(f"{report['id']}:{report['managementPassword']}".encode()).decode()
    with socket.create_connection(("127.0.0.1", port), timeout=20) as connection:
        connection.sendall((f"POST /api/v1/announcements/{report['id']}/photos HTTP/1.1\r\nHost: x\r\n"
                            f"Authorization: Basic {auth}\r\nConnection: close\r\n"
                            f"Content-Type: multipart/form-data; boundary={boundary}\r\n"
                            f"Content-Length: {len(head) + len(photo) + len(tail)}\r\n\r\n").encode() + head + photo[:1000])
        time.sleep(0.5)
        process.send_signal(signal.SIGTERM)
        time.sleep(0.5)
        connection.sendall(photo[1000:] + tail)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 201"), answer[:200]
    assert exit_code(process) == 0


def test_a_restart_keeps_every_report():
    data = tempfile.mkdtemp(prefix="petspot-restart-")
    port = free_port()
    process = start(data, port)
    ids = {create(port)["id"] for _ in range(3)}
    process.send_signal(signal.SIGINT)
    assert exit_code(process) == 0
    port = free_port()
    process = start(data, port)
    try:
        for identifier in ids:
            found = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v1/announcements/{identifier}", timeout=10))
            assert found["id"] == identifier
    finally:
        process.terminate()
        process.wait(timeout=15)


def mailbox(data):
    folder = os.path.join(data, "mailbox")
    return sorted(name for name in os.listdir(folder) if name.endswith(".eml")) if os.path.isdir(folder) else []


def test_mail_committed_before_a_crash_is_delivered_once_after_restart():
    """SIGKILL after the report (and its e-mail) is committed but before any delivery succeeded: the
    next start delivers it, once; a further restart sends nothing again."""
    data, port = tempfile.mkdtemp(prefix="petspot-crash-"), free_port()
    nowhere = free_port()  # nothing listens there: every SMTP attempt of the first process fails
    # The claim a killed process leaves lasts 20 s here (120 s in production): the same path, a shorter wait.
    short_lease = dict(os.environ, PETSPOT_TEST_OUTBOX_LEASE_SECONDS="20")
    process = start(data, port, "--smtp-url", f"smtp://127.0.0.1:{nowhere}", environment=short_lease)
    report = create(port)
    process.kill()
    process.wait(timeout=15)
    assert mailbox(data) == []

    # Without SMTP the restarted server writes to <data>/mailbox. A failed attempt is retried after
    # 5 s; an entry claimed at the moment of the kill comes back when its lease ends.
    process = start(data, free_port(), environment=short_lease)
    try:
        deadline = time.time() + 60
        while not mailbox(data) and time.time() < deadline:
            time.sleep(0.2)
        assert len(mailbox(data)) == 1
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=15)
    process = start(data, free_port())
    time.sleep(3)
    process.send_signal(signal.SIGINT)
    process.wait(timeout=15)
    assert len(mailbox(data)) == 1
    listing = subprocess.run([BINARY, "mailbox", "--data-dir", data], capture_output=True, text=True, check=True).stdout
    assert "owner@example.com" in listing and "management code" in listing
    shown = subprocess.run([BINARY, "mailbox", "--data-dir", data, "--show", "1"], capture_output=True, text=True, check=True).stdout
    assert report["managementPassword"] in shown and f"/manage/{report['id']}" in shown
