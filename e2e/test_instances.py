"""Stateless instances: two `petspot serve` processes on one PostgreSQL database and one S3
bucket (moto's server, started by .ci/s3.sh), each with a data folder of its own and no shared folder.
Photos uploaded through either are served by both, a delete through one is seen by the other, and
SIGKILL rounds during uploads leave no photo served that its row does not name.

Needs PETSPOT_TEST_DATABASE_URL (a PostgreSQL server the test may create a database on) and
PETSPOT_TEST_S3_URL (an S3-compatible server); .ci/run sets both. Without them the tests are skipped.
"""
import os
import random
import subprocess
import threading
import time
import uuid
from urllib.parse import urlsplit, urlunsplit

import pytest

from conftest import free_port
from test_crash_safety import Server, call, create, get_report, random_photo, upload

DATABASE = os.environ.get("PETSPOT_TEST_DATABASE_URL", "")
S3 = os.environ.get("PETSPOT_TEST_S3_URL", "")
pytestmark = pytest.mark.skipif(not (DATABASE and S3), reason="needs PETSPOT_TEST_DATABASE_URL and PETSPOT_TEST_S3_URL")
KEYS = {"AWS_ACCESS_KEY_ID": "petspot-e2e", "AWS_SECRET_ACCESS_KEY": "petspot-e2e-secret"}


def bucket_client():
    import boto3
    return boto3.client("s3", endpoint_url=S3, region_name="us-east-1", aws_access_key_id=KEYS["AWS_ACCESS_KEY_ID"],
                        aws_secret_access_key=KEYS["AWS_SECRET_ACCESS_KEY"])


def objects(s3, bucket, prefix):
    names = []
    for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket, Prefix=prefix):
        names += [entry["Key"] for entry in page.get("Contents", [])]
    return names


def new_database():
    """A database of its own on the test server; its URL."""
    name = "petspot_e2e_" + uuid.uuid4().hex[:12]
    subprocess.run(["psql", DATABASE, "-q", "-c", f"CREATE DATABASE {name}"], check=True, capture_output=True)
    parts = urlsplit(DATABASE)
    return urlunsplit(parts._replace(path="/" + name))


class Instance(Server):
    """`petspot serve` on the shared database and bucket, with the keys in its environment only."""

    def __init__(self, tmp_path, name, database, bucket):
        folder = tmp_path / name
        folder.mkdir()
        super().__init__(folder, free_port(), tmp_path / f"{name}.log", "--database-url", database,
                         "--photo-store", f"s3://{bucket}/site", "--s3-endpoint", S3, "--s3-path-style", "true")

    def start(self, timeout=60):
        saved = {key: os.environ.get(key) for key in KEYS}
        os.environ.update(KEYS)
        try:
            super().start(timeout)
        finally:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value


@pytest.fixture
def pair(tmp_path):
    s3 = bucket_client()
    bucket = "petspot-e2e-" + uuid.uuid4().hex[:12]
    s3.create_bucket(Bucket=bucket)
    database = new_database()
    first, second = Instance(tmp_path, "a", database, bucket), Instance(tmp_path, "b", database, bucket)
    try:
        first.start()
        second.start()
        yield first, second, s3, bucket
    finally:
        first.stop()
        second.stop()


def test_a_hundred_photos_are_served_by_both_instances_and_deletes_are_seen_by_both(pair):
    first, second, s3, bucket = pair
    rng = random.Random(30)
    uploaded = []
    for index in range(100):
        through = (first, second)[index % 2]
        status, created = create(through.base)
        assert status == 201, created
        photo, extension = random_photo(rng)
        assert upload(through.base, created["id"], created["managementPassword"], photo, extension) == 201
        uploaded.append((created["id"], created["managementPassword"], photo, extension))
    # Nothing is kept in either data folder: the photos are in the bucket.
    for instance in (first, second):
        images = os.path.join(instance.data, "images")
        assert not os.path.isdir(images) or os.listdir(images) == []
    assert len(objects(s3, bucket, "site/images/")) == 100
    for identifier, _, photo, extension in uploaded:
        for instance in (first, second):
            status, body = call("GET", f"{instance.base}/images/{identifier}.{extension}")
            assert status == 200 and body == photo, (instance.base, identifier)
    # Deletes through either instance are seen by both, and the objects go.
    for index, (identifier, password, _, extension) in enumerate(uploaded[:40]):
        through = (second, first)[index % 2]
        status, _ = call("DELETE", f"{through.base}/api/v1/announcements/{identifier}",
                         headers={"Authorization": "Basic " + __import__("base64").b64encode(f"{identifier}:{password}".encode()).decode()})
        assert status == 204
        for instance in (first, second):
            assert call("GET", f"{instance.base}/images/{identifier}.{extension}")[0] == 404
            assert get_report(instance.base, identifier)[0] == 404
    assert len(objects(s3, bucket, "site/images/")) == 60


def test_sigkill_during_uploads_leaves_no_served_orphan(pair, tmp_path):
    first, second, s3, bucket = pair
    rng = random.Random(7)
    reports = []
    for _ in range(6):
        status, created = create(first.base)
        assert status == 201
        reports.append(created)
    acknowledged = []
    for round_number in range(5):
        stop = threading.Event()

        def traffic():
            while not stop.is_set():
                report = rng.choice(reports)
                photo, extension = random_photo(rng)
                try:
                    if upload(first.base, report["id"], report["managementPassword"], photo, extension, timeout=5) == 201:
                        acknowledged.append(report["id"])
                except Exception:  # the server was killed under it
                    return

        workers = [threading.Thread(target=traffic) for _ in range(4)]
        for worker in workers:
            worker.start()
        time.sleep(0.4 + rng.random())
        first.kill()
        stop.set()
        for worker in workers:
            worker.join(timeout=30)
        first.start()
    assert acknowledged, "uploads went through before the kills"
    # Every object in the bucket is either the photo its report's row names, served by both, or served by neither.
    named = {}
    for report in reports:
        status, found = get_report(second.base, report["id"])
        assert status == 200
        if found["photoUrl"]:
            named[report["id"]] = found["photoUrl"]
    for key in objects(s3, bucket, "site/images/"):
        file = key.rsplit("/", 1)[1]
        identifier, _, extension = file.split(".")
        public = f"/images/{identifier}.{extension}"
        stored = s3.get_object(Bucket=bucket, Key=key)["Body"].read()
        for instance in (first, second):
            status, body = call("GET", instance.base + public)
            if status == 200 and body == stored:
                assert named.get(identifier) == public, f"{key} is served but no row names it"
    # And every named photo is served by both.
    for identifier, public in named.items():
        for instance in (first, second):
            assert call("GET", instance.base + public)[0] == 200
