"""Slow and silent sockets: `petspot serve --idle-timeout 2 --header-timeout 2 --body-timeout 2`
closes a connection that says nothing, a request head that never ends (even one dribbled a byte at a
time), a body that stops, and an idle keep-alive connection, each within ~5 s; an upload that keeps
moving with pauses shorter than the body timeout still succeeds, however long it takes in total.

Raw sockets on 127.0.0.1 with timeouts everywhere; the server is stopped by its fixture.
"""
import base64
import json
import os
import select
import socket
import subprocess
import time
import urllib.error
import urllib.request

import pytest

from conftest import ROOT, free_port

BINARY = os.environ.get("PETSPOT_BINARY", str(ROOT / ".build" / "debug" / "petspot"))
TIMEOUT = 2       # every one of the three flags
LIMIT = 5.0       # a connection the server should drop must be gone by then
OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """(port, process, log path) of a server with the three timeouts at 2 s."""
    folder = tmp_path_factory.mktemp("timeouts")
    port = free_port()
    log_path = folder / "server.log"
    with open(log_path, "wb") as log:
        process = subprocess.Popen([BINARY, "serve", "--port", str(port), "--data-dir", str(folder / "data"),
                                    "--idle-timeout", str(TIMEOUT), "--header-timeout", str(TIMEOUT),
                                    "--body-timeout", str(TIMEOUT)],
                                   stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 40
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"petspot exited with {process.returncode} at start:\n"
                                   + log_path.read_text(errors="replace")[-3000:])
            if time.monotonic() > deadline:
                raise RuntimeError("petspot did not answer /api/health within 40 s:\n"
                                   + log_path.read_text(errors="replace")[-3000:])
            try:
                with OPENER.open(f"http://127.0.0.1:{port}/api/health", timeout=1):
                    break
            except OSError:
                time.sleep(0.05)
        yield port, process, log_path
    finally:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=15)


@pytest.fixture
def port(server):
    """The server's port; after each test the server must still be up and answering."""
    port, process, _ = server
    yield port
    assert process.poll() is None, "the server exited"
    with OPENER.open(f"http://127.0.0.1:{port}/api/health", timeout=5) as response:
        assert response.status == 200


def connect(port):
    connection = socket.create_connection(("127.0.0.1", port), timeout=10)
    connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return connection


def wait_closed(connection, until):
    """Reads until the server closes (EOF or reset) or the monotonic time `until`. Returns (closed,
    bytes read). Whatever the server says before closing (a 408, say) is allowed."""
    received = b""
    while True:
        left = until - time.monotonic()
        if left <= 0:
            return False, received
        connection.settimeout(left)
        try:
            chunk = connection.recv(65536)
        except socket.timeout:
            return False, received
        except (ConnectionResetError, ConnectionAbortedError):
            return True, received
        if not chunk:
            return True, received
        received += chunk


def assert_closed_within(connection, since, what):
    closed, received = wait_closed(connection, since + LIMIT + 1)
    elapsed = time.monotonic() - since
    assert closed and elapsed <= LIMIT, \
        f"{what}: {'closed after %.1f s' % elapsed if closed else 'still open after %.1f s' % elapsed}; read {received[:200]!r}"
    return received


def read_response(connection, seconds=15):
    """One HTTP/1.1 response (Content-Length or chunked), leaving the connection open. (status, head, body)."""
    connection.settimeout(seconds)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = connection.recv(65536)
        assert chunk, f"connection closed before the response head: {data!r}"
        data += chunk
    head, body = data.split(b"\r\n\r\n", 1)
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {line.split(":", 1)[0].strip().lower(): line.split(":", 1)[1].strip() for line in lines[1:] if ":" in line}
    if "content-length" in headers:
        length = int(headers["content-length"])
        while len(body) < length:
            chunk = connection.recv(65536)
            assert chunk, "connection closed inside the response body"
            body += chunk
    elif headers.get("transfer-encoding", "").lower() == "chunked":
        while not body.endswith(b"0\r\n\r\n"):
            chunk = connection.recv(65536)
            assert chunk, "connection closed inside the chunked response body"
            body += chunk
    return status, headers, body


def read_responses(connection, count, seconds=15):
    """`count` responses with a Content-Length, however the server's writes split or join them:
    [(status, headers, body)]."""
    connection.settimeout(seconds)
    data, answers = b"", []
    while len(answers) < count:
        if b"\r\n\r\n" in data:
            head, rest = data.split(b"\r\n\r\n", 1)
            lines = head.decode("latin-1").split("\r\n")
            headers = {line.split(":", 1)[0].strip().lower(): line.split(":", 1)[1].strip() for line in lines[1:] if ":" in line}
            length = int(headers["content-length"])
            if len(rest) >= length:
                answers.append((int(lines[0].split()[1]), headers, rest[:length]))
                data = rest[length:]
                continue
        chunk = connection.recv(65536)
        assert chunk, f"connection closed after {len(answers)} of {count} responses: {data[:200]!r}"
        data += chunk
    return answers


def test_a_connection_that_sends_nothing_is_closed(port):
    with connect(port) as connection:
        assert_closed_within(connection, time.monotonic(), "silent connection")


def test_half_a_request_head_is_closed(port):
    with connect(port) as connection:
        connection.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")
        received = assert_closed_within(connection, time.monotonic(), "half a request head")
        assert not received.startswith(b"HTTP/1.1 200"), received[:200]


def test_a_head_dribbled_a_byte_at_a_time_is_closed_by_the_header_timeout(port):
    """Each byte resets any inactivity timer; only a limit on the whole head stops this."""
    head = b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 100
    received, closed = b"", False
    with connect(port) as connection:
        first = time.monotonic()
        for index in range(len(head)):  # bounded: 100+ bytes at 0.5 s, far beyond the limit
            try:
                connection.sendall(head[index:index + 1])
            except (BrokenPipeError, ConnectionResetError):
                closed = True
                break
            next_byte = first + (index + 1) * 0.5
            while not closed and (left := next_byte - time.monotonic()) > 0:
                readable, _, _ = select.select([connection], [], [], left)
                if not readable:
                    continue
                try:
                    chunk = connection.recv(65536)
                except (ConnectionResetError, ConnectionAbortedError):
                    chunk = b""
                if not chunk:
                    closed = True
                received += chunk
            if closed or time.monotonic() - first > LIMIT + 1:
                break
        elapsed = time.monotonic() - first
    assert closed and elapsed <= LIMIT, \
        f"dribbled head: {'closed after %.1f s' % elapsed if closed else 'still open after %.1f s' % elapsed}; read {received[:200]!r}"
    assert not received.startswith(b"HTTP/1.1 200"), received[:200]


def test_a_body_that_stops_is_closed_by_the_body_timeout(port):
    with connect(port) as connection:
        connection.sendall(b"POST /api/v1/announcements HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                           b"Content-Length: 1000\r\n\r\n" + b'{"species"')
        received = assert_closed_within(connection, time.monotonic(), "body stopped after 10 of 1000 bytes")
        assert not received.startswith(b"HTTP/1.1 201"), received[:200]


def test_an_idle_keep_alive_connection_is_closed(port):
    with connect(port) as connection:
        connection.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
        status, headers, _ = read_response(connection)
        assert status == 200
        assert headers.get("connection", "").lower() != "close", "the server did not keep the connection alive"
        assert_closed_within(connection, time.monotonic(), "idle keep-alive connection")


def test_an_upload_with_pauses_shorter_than_the_body_timeout_succeeds(port):
    """About 200 KB in 64 KB pieces, 1 s apart: every pause is under the 2 s body timeout, the whole
    body takes about 4 s. The body timeout limits a pause, not the total."""
    body = json.dumps({"species": "DOG", "sex": "MALE", "lastSeenDate": "2025-11-20", "status": "MISSING",
                       "locationLatitude": 52.2, "locationLongitude": 21.0, "email": "owner@example.com"}).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/v1/announcements", data=body,
                                     headers={"Content-Type": "application/json"})
    with OPENER.open(request, timeout=30) as response:
        created = json.load(response)
    identifier = created["id"]
    auth = base64.b64encode(f"{identifier}:{created['managementPassword']}".encode()).decode()
    photo = b"\xff\xd8\xff\xe0" + os.urandom(200_000)
    boundary = "steady"
    payload = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"p.jpg\"\r\n"
               f"Content-Type: image/jpeg\r\n\r\n").encode() + photo + f"\r\n--{boundary}--\r\n".encode()
    with connect(port) as connection:
        connection.sendall((f"POST /api/v1/announcements/{identifier}/photos HTTP/1.1\r\nHost: x\r\n"
                            f"Authorization: Basic {auth}\r\nConnection: close\r\n"
                            f"Content-Type: multipart/form-data; boundary={boundary}\r\n"
                            f"Content-Length: {len(payload)}\r\n\r\n").encode())
        started = time.monotonic()
        for offset in range(0, len(payload), 64 * 1024):
            time.sleep(1.0)
            connection.sendall(payload[offset:offset + 64 * 1024])
        took = time.monotonic() - started
        status, _, answer = read_response(connection, seconds=30)
    assert took > TIMEOUT + 1, f"the body went out in {took:.1f} s, not longer than the body timeout"
    assert status == 201, answer[:300]
    with OPENER.open(f"http://127.0.0.1:{port}/api/v1/announcements/{identifier}", timeout=10) as response:
        assert json.load(response)["photoUrl"] == f"/images/{identifier}.jpeg"
    try:
        with OPENER.open(f"http://127.0.0.1:{port}/images/{identifier}.jpeg", timeout=10) as response:
            assert response.read() == photo
    except urllib.error.HTTPError as error:
        raise AssertionError(f"the uploaded photo answered {error.code}") from None


def test_a_client_that_expects_100_continue_is_told_to_send_its_body_at_once(port):
    """curl asks before an upload (`Expect: 100-continue`) and waits a second for a word; the old backend's
    server said `100 Continue` at once (found by a contract audit: nothing came back)."""
    body = json.dumps({"species": "CAT", "sex": "FEMALE", "lastSeenDate": "2025-11-20", "status": "FOUND",
                       "locationLatitude": 52.2, "locationLongitude": 21.0, "email": "finder@example.com"}).encode()
    with connect(port) as connection:
        connection.sendall((f"POST /api/v1/announcements HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                            f"Content-Type: application/json\r\nExpect: 100-continue\r\n"
                            f"Content-Length: {len(body)}\r\n\r\n").encode())
        connection.settimeout(0.5)
        interim = connection.recv(4096)
        assert interim.startswith(b"HTTP/1.1 100 Continue\r\n"), interim
        connection.sendall(body)
        status, _, answer = read_response(connection)
    assert status == 201 and b"managementPassword" in answer, answer[:300]


LIST = b"GET /api/v1/announcements?limit=3 HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\n\r\n"


def test_an_idle_connection_is_closed_after_a_list_answered_from_memory(port):
    """The second list request is answered from memory before the router (`EarlyAnswerHandler`); the
    connection's clock still sees it end, so the idle timeout closes the connection after it."""
    with connect(port) as connection:
        for _ in range(2):
            connection.sendall(LIST)
            status, headers, body = read_response(connection)
            assert status == 200 and "data" in json.loads(body), body[:200]
            assert headers.get("content-length") == str(len(body)) and headers.get("x-frame-options") == "SAMEORIGIN"
        assert_closed_within(connection, time.monotonic(), "idle keep-alive connection after a kept list answer")


def test_pipelined_requests_are_answered_in_order_and_logged(port, server):
    """A kept list asked right behind a request the router is still answering waits its turn: answers
    come back in the order asked. Each answer has its own request id and its own log line."""
    with connect(port) as connection:
        connection.sendall(LIST)
        read_response(connection)  # the list is now kept
        connection.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n" + LIST + b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n" + LIST)
        answers = read_responses(connection, 4)
    assert [status for status, _, _ in answers] == [200] * 4
    kinds = ["list" if "data" in json.loads(body) else "health" for _, _, body in answers]
    assert kinds == ["health", "list", "health", "list"], kinds
    ids = [headers["request-id"] for _, headers, _ in answers]
    assert len(set(ids)) == 4, ids
    log, logged = server[2], {}
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and not all(i in logged for i in ids):
        time.sleep(0.1)
        lines = [json.loads(line) for line in log.read_text(errors="replace").splitlines() if line.startswith("{")]
        logged = {line.get("requestId"): line for line in lines if line.get("msg") == "request"}
    assert all(i in logged for i in ids), "every answer has its log line"
    assert logged[ids[1]]["path"] == "/api/v1/announcements" and logged[ids[1]]["query"] == "limit=3"


def test_every_answer_after_a_head_behind_a_kept_list_is_whole(port):
    """NIO's encoder pairs each answer with a request's method to send a HEAD's answer without a body;
    an answer sent from memory skips it, so a HEAD behind one cost a later answer its body (the client
    then waited for the idle timeout). The HEAD's answer has no body; every answer after it is whole,
    on the same connection or (the server may close it after the HEAD) a new one."""
    connection = connect(port)
    try:
        for _ in range(3):
            connection.sendall(LIST)
            status, _, body = read_response(connection)
            assert status == 200 and "data" in json.loads(body)
        connection.sendall(b"HEAD /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
        connection.settimeout(15)
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = connection.recv(65536)
            assert chunk, head
            head += chunk
        assert head.startswith(b"HTTP/1.1 200") and head.endswith(b"\r\n\r\n"), head[-100:]
        for attempt in range(4):
            try:
                connection.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
                status, headers, body = read_response(connection, seconds=LIMIT)
            except (AssertionError, ConnectionResetError, BrokenPipeError) as error:
                if isinstance(error, AssertionError) and "closed before the response head" not in str(error):
                    raise
                connection.close()
                connection = connect(port)
                continue
            assert status == 200 and json.loads(body)["status"], body[:200]
    finally:
        connection.close()
