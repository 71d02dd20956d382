"""Files follow the database: the real `petspot serve`, killed with SIGKILL in the middle of
creates and photo uploads, comes back with every acknowledged write, serves no photo its database does
not name, and leaves no half-written file behind; on a live server a report is readable and takes its
photo at once after its create was answered.

Only the standard library; the server is an outside process on 127.0.0.1, always stopped in `finally`.
"""
import base64
import http.client
import json
import os
import random
import signal
import socket
import struct
import subprocess
import threading
import time
import urllib.error
import urllib.request
import zlib
from pathlib import Path

from conftest import ROOT, free_port

BINARY = os.environ.get("PETSPOT_BINARY", str(ROOT / ".build" / "debug" / "petspot"))
EXTENSIONS = ("jpeg", "png", "gif", "webp")
# Connection failures (a killed server) surface as any of these.
TRANSPORT_ERRORS = (OSError, http.client.HTTPException)
# No proxy for 127.0.0.1, whatever the environment says.
OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


# --- the server process ---------------------------------------------------------------------------

class Server:
    """`petspot serve` on a fixed data folder and port; output goes to a log file (never a pipe that
    could fill up and stall the server)."""

    def __init__(self, data, port, log, *extra):
        self.data, self.port, self.log, self.extra = str(data), port, Path(log), extra
        self.process = None
        self.base = f"http://127.0.0.1:{port}"

    def start(self, timeout=40):
        with open(self.log, "ab") as log:
            log.write(b"\n--- start ---\n")
            log.flush()
            # Durability, not limits, is tested here: the many creates and reads from 127.0.0.1 are
            # neither refused nor shown without their contact (each restart's unspent lease of the contact
            # quota stays counted, as it should).
            self.process = subprocess.Popen([BINARY, "serve", "--port", str(self.port), "--data-dir", self.data,
                                             "--report-limit", "1000000", "--contact-limit", "1000000", *self.extra],
                                            stdout=log, stderr=subprocess.STDOUT)
        self.wait_until_healthy(timeout)

    def wait_until_healthy(self, timeout):
        """Waits for `/api/health` to answer 200; stops the server and raises if it exits or never does."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"petspot exited with {self.process.returncode} at start:\n{self.log_tail()}")
            try:
                status, _ = call("GET", self.base + "/api/health", timeout=1)
                if status == 200:
                    return
            except TRANSPORT_ERRORS:
                pass
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"petspot did not answer /api/health within {timeout} s:\n{self.log_tail()}")

    def kill(self):
        """SIGKILL: no shutdown code of the server runs."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        if self.process:
            self.process.wait(timeout=15)

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=15)

    def log_tail(self, lines=30):
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"


# --- HTTP -----------------------------------------------------------------------------------------

def call(method, url, body=None, headers=None, timeout=20):
    """(status, body bytes); HTTP errors are answers too. Transport failures raise."""
    request = urllib.request.Request(url, data=body, method=method, headers=headers or {})
    try:
        with OPENER.open(request, timeout=timeout) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        with error:
            return error.code, error.read()


REPORT = {"species": "DOG", "sex": "MALE", "lastSeenDate": "2025-11-20", "status": "MISSING",
          "locationLatitude": 52.2, "locationLongitude": 21.0, "email": "owner@example.com"}


def create(base):
    body = json.dumps(REPORT).encode()
    status, answer = call("POST", base + "/api/v1/announcements", body, {"Content-Type": "application/json"})
    return status, (json.loads(answer) if status == 201 else answer)


def get_report(base, identifier):
    status, answer = call("GET", f"{base}/api/v1/announcements/{identifier}")
    return status, (json.loads(answer) if status == 200 else None)


def basic(identifier, password):
    return "Basic " + base64.b64encode(f"{identifier}:{password}".encode()).decode()


def upload(base, identifier, password, photo, extension, timeout=30):
    boundary = "petspot" + os.urandom(8).hex()
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"pet.{extension}\"\r\n"
            f"Content-Type: image/{extension}\r\n\r\n").encode() + photo + f"\r\n--{boundary}--\r\n".encode()
    return call("POST", f"{base}/api/v1/announcements/{identifier}/photos", body,
                {"Content-Type": f"multipart/form-data; boundary={boundary}",
                 "Authorization": basic(identifier, password)}, timeout=timeout)[0]


# --- photos made here -----------------------------------------------------------------------------

def png(rng, width, height):
    """A real PNG of random RGB pixels, stored (not deflated) so it is as big as it looks: 20-200 KB
    at 80-250 px square."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    row = 3 * width
    pixels = rng.randbytes(row * height)
    raw = b"".join(b"\x00" + pixels[y * row:(y + 1) * row] for y in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 0)) + chunk(b"IEND", b""))


def jpeg(rng, padding):
    """A baseline JPEG of one grey 8x8 block (one-code Huffman tables, all coefficients zero), made
    `padding` bytes bigger by APP15 segments of random bytes (kept as they are: comments are blanked, as
    they may name someone), so every photo is distinct."""
    def segment(marker, payload):
        return b"\xff" + bytes([marker]) + struct.pack(">H", len(payload) + 2) + payload
    comments = b""
    while padding > 0:
        size = min(padding, 65000)
        comments += segment(0xEF, rng.randbytes(size))
        padding -= size
    single_code = b"\x01" + b"\x00" * 15 + b"\x00"  # one code of length 1, for symbol 0
    return (b"\xff\xd8" + segment(0xE0, b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00") + comments
            + segment(0xDB, b"\x00" + b"\x01" * 64)
            + segment(0xC0, b"\x08\x00\x08\x00\x08\x01\x01\x11\x00")
            + segment(0xC4, b"\x00" + single_code) + segment(0xC4, b"\x10" + single_code)
            + segment(0xDA, b"\x01\x01\x00\x00\x3f\x00") + b"\x3f" + b"\xff\xd9")


def random_photo(rng):
    """(bytes, extension): mostly PNG, sometimes JPEG, 20-200 KB."""
    if rng.random() < 0.7:
        side = rng.randint(80, 250)
        return png(rng, side, side), "png"
    return jpeg(rng, rng.randint(20_000, 200_000)), "jpeg"


# --- bookkeeping of what the clients sent and what was acknowledged ----------------------------

class Attempt:
    def __init__(self, photo, extension):
        self.photo, self.extension, self.acked = photo, extension, False


class Report:
    def __init__(self, created):
        self.id = created["id"]
        self.password = created["managementPassword"]
        self.created = {key: value for key, value in created.items() if key != "managementPassword"}
        self.uploads = []  # attempts in the order they were sent (one client thread owns a report)


def same_fields(created, found):
    """The fields a photo upload does not change are as the create answered them."""
    return {k: v for k, v in created.items() if k not in ("photoUrl", "updatedAt")} == \
           {k: v for k, v in found.items() if k in created and k not in ("photoUrl", "updatedAt")}


def client(base, rng, stop, reports, lock, counts, problems, first_ack, max_iterations=60):
    """create → GET → upload (and now and then a second upload of another type) until stopped or the
    server is gone. Non-2xx answers from a live server are problems; transport errors end the loop."""
    for _ in range(max_iterations):
        if stop.is_set():
            return
        try:
            with lock:
                counts["creates sent"] += 1
            status, created = create(base)
            if status != 201:
                problems.append(f"create answered {status}: {created[:200]!r}")
                continue
            report = Report(created)
            with lock:
                reports[report.id] = report
                counts["creates acked"] += 1
            first_ack.set()
            status, found = get_report(base, report.id)
            if status != 200:
                problems.append(f"GET of just-created {report.id} answered {status}")
            elif not same_fields(report.created, found):
                problems.append(f"GET of just-created {report.id} differs: {report.created} vs {found}")
            for number in range(2 if rng.random() < 0.35 else 1):
                photo, extension = random_photo(rng)
                if number == 1 and extension == report.uploads[-1].extension:
                    photo, extension = (jpeg(rng, rng.randint(20_000, 100_000)), "jpeg") if extension == "png" \
                        else (png(rng, 100, 100), "png")
                attempt = Attempt(photo, extension)
                report.uploads.append(attempt)
                with lock:
                    counts["uploads sent"] += 1
                status = upload(base, report.id, report.password, photo, extension)
                if status != 201:
                    problems.append(f"upload to {report.id} answered {status}")
                    break
                attempt.acked = True
                with lock:
                    counts["uploads acked"] += 1
        except TRANSPORT_ERRORS:
            return
        except Exception as error:  # a test bug or a malformed answer: reported, never silently lost
            problems.append(f"client: {error!r}")
            return


def trickler(base, rng, stop, reports, lock, problems, streaming):
    """One upload that is still arriving when the server dies: create a report, then send its photo
    a few KB at a time (never finishing before the kill), so a half-written upload file is on disk at
    the kill and the restart has something to sweep. Raw socket, every step bounded."""
    try:
        status, created = create(base)
        if status != 201:
            problems.append(f"create answered {status}: {created[:200]!r}")
            return
        report = Report(created)
        photo, extension = png(rng, 250, 250), "png"
        attempt = Attempt(photo, extension)
        report.uploads.append(attempt)
        with lock:
            reports[report.id] = report
        boundary = "trickle" + os.urandom(8).hex()
        body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"pet.png\"\r\n"
                f"Content-Type: image/png\r\n\r\n").encode() + photo + f"\r\n--{boundary}--\r\n".encode()
        port = int(base.rsplit(":", 1)[1])
        with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
            connection.sendall((f"POST /api/v1/announcements/{report.id}/photos HTTP/1.1\r\nHost: x\r\n"
                                f"Authorization: {basic(report.id, report.password)}\r\nConnection: close\r\n"
                                f"Content-Type: multipart/form-data; boundary={boundary}\r\n"
                                f"Content-Length: {len(body)}\r\n\r\n").encode() + body[:32 * 1024])
            sent = 32 * 1024
            # 4 KB every 0.1 s, never the last KB: the body is still incomplete when the kill comes.
            give_up = time.monotonic() + 40
            while not stop.is_set() and time.monotonic() < give_up:
                time.sleep(0.1)
                if sent < len(body) - 1024:
                    piece = body[sent:min(sent + 4096, len(body) - 1024)]
                    connection.sendall(piece)
                    sent += len(piece)
                if sent >= 64 * 1024:
                    streaming.set()  # well past the part's headers: the server is writing the file
    except TRANSPORT_ERRORS:
        return
    except Exception as error:
        problems.append(f"trickler: {error!r}")
    finally:
        streaming.set()


def files_in(folder):
    if not os.path.isdir(folder):
        return []
    return [os.path.join(root, name) for root, _, names in os.walk(folder) for name in names]


def poll_until_clean(check, seconds):
    """Calls `check` (a list of offending files) until it returns nothing or the time is up."""
    deadline = time.monotonic() + seconds
    while True:
        left = check()
        if not left or time.monotonic() >= deadline:
            return left
        time.sleep(0.1)


def verify_after_restart(server, reports, data, temporary_at_kill):
    """Every acknowledged write is there, every photo the database names is served with the right
    bytes, nothing else is served, and no temporary file survived the start.

    `temporary_at_kill`: the files under <data>/tmp when the killed server died. The new server may
    keep files of its own there (its instance lock, say), but none of the dead one's may survive."""
    base = server.base
    failures = []
    leftover = poll_until_clean(lambda: sorted(set(files_in(os.path.join(data, "tmp"))) & temporary_at_kill), 3)
    if leftover:
        failures.append(f"{len(leftover)} file(s) the killed server left in <data>/tmp survived the restart: {leftover[:5]}")
    stale = poll_until_clean(lambda: [f for f in files_in(os.path.join(data, "mailbox")) if f.endswith(".tmp")], 3)
    if stale:
        failures.append(f"{len(stale)} *.tmp file(s) in <data>/mailbox after restart: {sorted(stale)[:5]}")

    photo_urls = {}  # id -> photoUrl (None) of every report that exists; missing key: no such report
    for report in list(reports.values()):
        status, found = get_report(base, report.id)
        if status != 200:
            failures.append(f"acknowledged create {report.id} answered {status} after restart")
            continue
        photo_urls[report.id] = found["photoUrl"]
        if not same_fields(report.created, found):
            failures.append(f"report {report.id} changed across the restart: {report.created} vs {found}")
        acked = [index for index, attempt in enumerate(report.uploads) if attempt.acked]
        url = found["photoUrl"]
        if url is None:
            if acked:
                failures.append(f"report {report.id}: upload acknowledged, photoUrl null after restart")
            continue
        if not report.uploads:
            failures.append(f"report {report.id}: photoUrl {url} though no upload was ever sent")
            continue
        status, served = call("GET", base + url)
        if status != 200:
            failures.append(f"report {report.id}: its photoUrl {url} answered {status}")
            continue
        # The newest acknowledged upload, or one sent after it (unacknowledged writes may have landed).
        allowed = report.uploads[acked[-1]:] if acked else report.uploads
        if not any(a.photo == served and url.startswith("/images/") and url.endswith(f".{a.extension}") for a in allowed):
            sent = [(a.extension, len(a.photo), a.acked) for a in report.uploads]
            failures.append(f"report {report.id}: {url} serves {len(served)} bytes matching no allowed upload {sent}")

    # Every listed report (the list shows reports with a photo) has its photo served.
    url, pages = "/api/v1/announcements?limit=500", 0
    while url and pages < 20:
        pages += 1
        with OPENER.open(urllib.request.Request(base + url), timeout=20) as response:
            listed = json.load(response)["data"]
            link = response.headers.get("Link")
        for item in listed:
            if item["photoUrl"]:
                photo_urls.setdefault(item["id"], item["photoUrl"])
                if call("GET", base + item["photoUrl"])[0] != 200:
                    failures.append(f"listed report {item['id']}: photo {item['photoUrl']} not served")
        url = link[1:link.index(">")] if link else None

    # No orphan is served: every <id>.<ext> we could know of, and every file on disk in the photo
    # folder, answers 200 exactly when it is the photoUrl of a report that exists.
    current = {url for url in photo_urls.values() if url}
    names = {f"{identifier}.{extension}" for identifier in reports for extension in EXTENSIONS}
    names |= {os.path.basename(path) for path in files_in(os.path.join(data, "images"))}
    for name in sorted(names):
        expected = f"/images/{name}" in current
        status, _ = call("GET", f"{base}/images/{name}")
        if expected and status != 200:
            failures.append(f"/images/{name} is the photoUrl of its report but answered {status}")
        if not expected and status == 200:
            identifier = name.rsplit(".", 1)[0]
            failures.append(f"/images/{name} is served (200) but no report names it "
                            f"(report {identifier}: {photo_urls.get(identifier, 'absent')!r})")
    return failures


# --- tests ----------------------------------------------------------------------------------------

ROUNDS = 8
CLIENTS = 4


def test_sigkill_mid_traffic_keeps_every_acknowledged_write_and_no_orphan_or_temporary_file(tmp_path):
    seed = random.randrange(1 << 30)
    print(f"seed {seed}")
    rng = random.Random(seed)
    data = tmp_path / "data"
    server = Server(data, free_port(), tmp_path / "server.log")
    reports, lock, problems = {}, threading.Lock(), []
    counts = dict.fromkeys(("creates sent", "creates acked", "uploads sent", "uploads acked"), 0)
    partial_uploads = 0  # files (not instance locks) under <data>/tmp at the kills, all summed
    started = time.monotonic()
    server.start()
    try:
        for number in range(ROUNDS):
            stop, first_ack, streaming = threading.Event(), threading.Event(), threading.Event()
            threads = [threading.Thread(target=client, daemon=True,
                                        args=(server.base, random.Random(rng.random()), stop, reports, lock, counts,
                                              problems, first_ack))
                       for _ in range(CLIENTS)]
            threads.append(threading.Thread(target=trickler, daemon=True,
                                            args=(server.base, random.Random(rng.random()), stop, reports, lock,
                                                  problems, streaming)))
            for thread in threads:
                thread.start()
            # The delay counts from the round's first acknowledged create and the slow upload's start, so
            # the kill lands in traffic however slow the build is.
            first_ack.wait(timeout=20)
            streaming.wait(timeout=20)
            # Give the server a moment (bounded) to start writing the slow upload under <data>/tmp.
            writing_by = time.monotonic() + 10
            while time.monotonic() < writing_by and \
                    not [f for f in files_in(str(data / "tmp")) if not f.endswith(".lock")]:
                time.sleep(0.05)
            delay = rng.uniform(0.3, 1.5)
            time.sleep(delay)
            server.kill()
            stop.set()
            for thread in threads:
                thread.join(timeout=45)
            assert not any(thread.is_alive() for thread in threads), "a client thread did not finish after the kill"
            temporary_at_kill = set(files_in(str(data / "tmp")))
            partial_uploads += len([f for f in temporary_at_kill if not f.endswith(".lock")])
            server.start()
            failures = verify_after_restart(server, reports, str(data), temporary_at_kill)
            print(f"round {number + 1}: killed after {delay:.2f} s with {len(temporary_at_kill)} file(s) in <data>/tmp; "
                  f"{counts}; {len(failures)} failure(s)")
            assert not failures, f"round {number + 1} (seed {seed}):\n" + "\n".join(failures[:25])
            assert not problems, "answers while the server was up:\n" + "\n".join(problems[:25])
        print(f"{ROUNDS} kills in {time.monotonic() - started:.1f} s: {counts}; {partial_uploads} temporary file(s) at the kills")
        assert counts["creates acked"] > 0 and counts["uploads acked"] > 0, f"no traffic was acknowledged: {counts}"
        assert partial_uploads > 0, "no kill found a half-written upload under <data>/tmp: the sweep was never tested"
    finally:
        server.stop()


def test_deleting_a_report_takes_its_photo_with_it(tmp_path):
    rng = random.Random(7)
    data = tmp_path / "data"
    server = Server(data, free_port(), tmp_path / "server.log")
    server.start()
    try:
        status, created = create(server.base)
        assert status == 201
        identifier, password = created["id"], created["managementPassword"]
        first = png(rng, 64, 64)
        assert upload(server.base, identifier, password, first, "png") == 201
        assert call("GET", f"{server.base}/images/{identifier}.png") == (200, first)
        # Replaced by another type: the old file stops being served.
        second = jpeg(rng, 30_000)
        assert upload(server.base, identifier, password, second, "jpeg") == 201
        assert get_report(server.base, identifier)[1]["photoUrl"] == f"/images/{identifier}.jpeg"
        assert call("GET", f"{server.base}/images/{identifier}.jpeg") == (200, second)
        assert call("GET", f"{server.base}/images/{identifier}.png")[0] == 404

        status, _ = call("DELETE", f"{server.base}/api/v1/announcements/{identifier}",
                         headers={"Authorization": basic(identifier, password)})
        assert status == 204
        assert get_report(server.base, identifier)[0] == 404
        for extension in EXTENSIONS:
            assert call("GET", f"{server.base}/images/{identifier}.{extension}")[0] == 404, extension

        server.kill()
        server.start()
        for extension in EXTENSIONS:
            assert call("GET", f"{server.base}/images/{identifier}.{extension}")[0] == 404, f"{extension} after restart"
    finally:
        server.stop()


PREFILL = 1500
PREFILL_SECONDS = 20
WRITERS, ITERATIONS, WRITE_SECONDS = 4, 100, 25


def test_a_just_created_report_is_readable_and_takes_its_photo_at_once(tmp_path):
    """Read-your-writes on a live server under list traffic: no 404 for the GET or the upload that
    follows a 201, and the uploaded photo is named and served at once."""
    data = tmp_path / "data"
    server = Server(data, free_port(), tmp_path / "server.log")
    server.start()
    base = server.base
    tiny = png(random.Random(1), 4, 4)
    lock = threading.Lock()
    counts = dict.fromkeys(("prefilled", "creates", "gets", "uploads", "photo reads", "get 404", "upload 404",
                            "stale photoUrl", "photo not served", "other failures", "list reads", "list failures"), 0)
    failures = []

    def count(key, note=None):
        with lock:
            counts[key] += 1
            if note and len(failures) < 50:
                failures.append(note)

    try:
        started = time.monotonic()
        deadline = started + PREFILL_SECONDS

        def prefill(share):
            for _ in range(share):
                if time.monotonic() > deadline:
                    return
                try:
                    status, answer = create(base)
                except TRANSPORT_ERRORS as error:
                    count("other failures", f"prefill create: {error!r}")
                    return
                if status == 201:
                    count("prefilled")
                else:
                    count("other failures", f"prefill create answered {status}")

        threads = [threading.Thread(target=prefill, args=(PREFILL // 4,), daemon=True) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=PREFILL_SECONDS + 30)
        print(f"prefilled {counts['prefilled']} reports in {time.monotonic() - started:.1f} s")

        writers_done = threading.Event()
        write_deadline = time.monotonic() + WRITE_SECONDS

        def writer():
            for _ in range(ITERATIONS):
                if time.monotonic() > write_deadline:
                    return
                try:
                    status, created = create(base)
                    if status != 201:
                        count("other failures", f"create answered {status}")
                        continue
                    count("creates")
                    identifier = created["id"]
                    status, found = get_report(base, identifier)
                    count("gets")
                    if status == 404:
                        count("get 404", f"GET {identifier} right after its 201 answered 404")
                    elif status != 200:
                        count("other failures", f"GET {identifier} answered {status}")
                    status = upload(base, identifier, created["managementPassword"], tiny, "png")
                    count("uploads")
                    if status == 404:
                        count("upload 404", f"upload to {identifier} right after its 201 answered 404")
                        continue
                    if status != 201:
                        count("other failures", f"upload to {identifier} answered {status}")
                        continue
                    status, found = get_report(base, identifier)
                    if status != 200 or found["photoUrl"] != f"/images/{identifier}.png":
                        count("stale photoUrl", f"after its upload {identifier} answered {status} {found and found['photoUrl']}")
                        continue
                    count("photo reads")
                    if call("GET", base + found["photoUrl"]) != (200, tiny):
                        count("photo not served", f"{found['photoUrl']} not served right after its upload")
                except TRANSPORT_ERRORS as error:
                    count("other failures", f"writer: {error!r}")
                except Exception as error:  # a malformed answer: counted, never silently lost
                    count("other failures", f"writer: {error!r}")

        def reader(query):
            while not writers_done.is_set():
                try:
                    status, body = call("GET", f"{base}/api/v1/announcements?{query}", timeout=30)
                    count("list reads")
                    if status != 200 or "data" not in json.loads(body):
                        count("list failures", f"list {query} answered {status}")
                except (*TRANSPORT_ERRORS, ValueError) as error:
                    count("list failures", f"list {query}: {error!r}")
                    time.sleep(0.1)

        writers = [threading.Thread(target=writer, daemon=True) for _ in range(WRITERS)]
        readers = [threading.Thread(target=reader, args=(query,), daemon=True)
                   for query in ("limit=500", "lat=52.2&lng=21.0&range=50&limit=500")]
        phase = time.monotonic()
        for thread in writers + readers:
            thread.start()
        for thread in writers:
            thread.join(timeout=WRITE_SECONDS + 60)
        writers_done.set()
        for thread in readers:
            thread.join(timeout=60)
        assert not any(thread.is_alive() for thread in writers + readers), "a client thread did not finish"
        print(f"read-your-writes: {time.monotonic() - phase:.1f} s, {counts}")
        assert counts["creates"] > 0 and counts["list reads"] > 0, counts
        assert counts["get 404"] == 0 and counts["upload 404"] == 0, "\n".join(failures)
        assert counts["stale photoUrl"] == 0 and counts["photo not served"] == 0, "\n".join(failures)
        assert counts["other failures"] == 0 and counts["list failures"] == 0, "\n".join(failures)
    finally:
        server.stop()
