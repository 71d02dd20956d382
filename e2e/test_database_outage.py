"""A lost database answers 503 in seconds and the server recovers when it returns: the real `petspot
serve` on a PostgreSQL cluster of this test's own, which the test freezes (SIGSTOP: the socket still
accepts, nothing answers), stops (immediate shutdown: connections refused) and starts again.

Every database-backed route must answer 503 with Retry-After within docs/INSTANCES.md's bound (15 s; the
requests below give up after it), never 500 and never a hang, and the first 200 must come within seconds
of the database accepting connections again (the connection pool's own back-off can reach a minute).

Needs PostgreSQL's server programs (installed by .ci/install.sh); skipped without them.
"""
import glob
import json
import os
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.error
import urllib.request

import pytest

from conftest import free_port
from test_crash_safety import OPENER, REPORT, Server, call, create

BOUND = 15  # seconds: docs/INSTANCES.md's promise for an unreachable database
BIN = sorted(glob.glob("/usr/lib/postgresql/*/bin"))[-1:] or [""]
pytestmark = pytest.mark.skipif(not os.path.exists(os.path.join(BIN[0], "initdb")), reason="needs PostgreSQL's server programs")


def as_postgres(*command):
    runner = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    return subprocess.run(runner + list(command), check=True, capture_output=True, cwd="/")


class Cluster:
    """A throw-away PostgreSQL cluster on 127.0.0.1 (trust authentication: nothing secret to keep)."""

    def __init__(self):
        self.folder = tempfile.mkdtemp(prefix="petspot-outage-")
        self.data, self.port = os.path.join(self.folder, "data"), free_port()
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        as_postgres(os.path.join(BIN[0], "initdb"), "-D", self.data, "-U", "postgres", "--auth=trust")
        self.start()

    @property
    def url(self):
        return f"postgres://postgres@127.0.0.1:{self.port}/postgres?sslmode=disable"

    def start(self):
        as_postgres(os.path.join(BIN[0], "pg_ctl"), "-D", self.data, "-l", os.path.join(self.folder, "log"), "-w", "start",
                    "-o", f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.folder} -c fsync=off")

    def stop(self):
        subprocess.run(["runuser", "-u", "postgres", "--", os.path.join(BIN[0], "pg_ctl"), "-D", self.data, "-m", "immediate", "stop"]
                       if os.geteuid() == 0 else [os.path.join(BIN[0], "pg_ctl"), "-D", self.data, "-m", "immediate", "stop"],
                       capture_output=True, cwd="/")

    def processes(self):
        """The postmaster and every backend it started."""
        with open(os.path.join(self.data, "postmaster.pid")) as file:
            main = int(file.readline())
        children = subprocess.run(["pgrep", "-P", str(main)], capture_output=True, text=True).stdout.split()
        return [main] + [int(pid) for pid in children]

    def signal(self, number):
        for pid in self.processes():
            os.kill(pid, number)

    def remove(self):
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture
def outage(tmp_path):
    cluster = Cluster()
    server = Server(tmp_path / "data", free_port(), tmp_path / "server.log", "--database-url", cluster.url)
    try:
        server.start(timeout=90)
        yield cluster, server
    finally:
        try:
            cluster.signal(signal.SIGCONT)
        except (OSError, ValueError):
            pass
        server.stop()
        cluster.remove()


def assert_unavailable(server, identifier):
    """Reading a report, listing and filing all answer 503 with Retry-After within the bound."""
    reads = [("GET", f"/api/v1/announcements/{identifier}", None),
             ("GET", "/api/v1/announcements?lat=52.2&lng=21.0&range=5", None),
             ("POST", "/api/v1/announcements", json.dumps(REPORT).encode())]
    for method, path, body in reads:
        request = urllib.request.Request(server.base + path, data=body, method=method, headers={"Content-Type": "application/json"})
        try:
            with OPENER.open(request, timeout=BOUND) as response:
                pytest.fail(f"{method} {path} answered {response.status} with the database gone")
        except urllib.error.HTTPError as error:
            assert error.code == 503, f"{method} {path}: {error.code} {error.read()[:200]!r}"
            assert error.headers.get("Retry-After", "").isdigit(), f"{method} {path}: no Retry-After"
    status, _ = call("GET", server.base + f"/lost-pets/{identifier}", timeout=BOUND)
    assert status == 503


def wait_until_served(server, identifier):
    """The report is read again within the bound of the database accepting connections."""
    deadline = time.monotonic() + BOUND
    while True:
        status, _ = call("GET", f"{server.base}/api/v1/announcements/{identifier}", timeout=BOUND)
        if status == 200:
            return
        assert time.monotonic() < deadline, f"still {status} {BOUND} s after the database came back"
        time.sleep(0.2)


def test_a_frozen_then_stopped_database_answers_503_and_the_server_recovers(outage):
    cluster, server = outage
    status, report = create(server.base)
    assert status == 201, report
    identifier = report["id"]

    cluster.signal(signal.SIGSTOP)  # the socket still accepts; nothing answers
    assert_unavailable(server, identifier)
    cluster.signal(signal.SIGCONT)
    wait_until_served(server, identifier)

    cluster.stop()  # connections refused
    assert_unavailable(server, identifier)
    assert call("GET", server.base + "/api/health", timeout=BOUND)[0] == 200, "the process itself is up"
    cluster.start()
    wait_until_served(server, identifier)
    status, again = create(server.base)
    assert status == 201, again
