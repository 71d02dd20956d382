#!/usr/bin/env bash
# Fuzzes a real `petspot serve` against the OpenAPI document it publishes at /openapi.json, with
# schemathesis: every response must be free of 5xx and agree with the document (status code, content
# type, headers, body schema), including multi-step (stateful) runs that follow the document's links
# from "create a report" to the owner's operations.
#
#   .ci/schemathesis.sh                    # uses .build/debug/petspot
#   PETSPOT_BINARY=/path/to/petspot .ci/schemathesis.sh
#
# Two schemathesis runs, each with a time budget that bounds the script (about 4 minutes on 2 cores,
# plus the first install): the examples, coverage and fuzzing phases, then the stateful phase.
# Knobs (environment): SCHEMATHESIS_MAX_EXAMPLES (cases per operation and fuzzing round, default 100),
# SCHEMATHESIS_STATEFUL_EXAMPLES (scenarios per stateful round, default 100), SCHEMATHESIS_FUZZ_SECONDS
# (default 150) and SCHEMATHESIS_STATEFUL_SECONDS (default 75): rounds repeat until the budget is spent;
# SCHEMATHESIS_SEED (default: random),
# SCHEMATHESIS_WORKERS (default 1: with more, CPython 3.11's ast module, which Hypothesis calls from
# every worker thread, fails now and then with "AST constructor recursion depth mismatch"),
# SCHEMATHESIS_VENV (where schemathesis is installed), KEEP_WORK=1 (keep the server log and reports).
# A copied binary needs its *.resources folders beside it, or it serves the build folder's document.
# Needs python3 (3.9+; schemathesis goes into a virtual environment), curl and coreutils' timeout.
# Generated wrong codes and tokens lock reports
# and the client out (429): the document says so, and the checks accept it.
# Exit status: 0 when schemathesis found nothing, non-zero otherwise. The last line is the summary.
set -euo pipefail

. "$(dirname "${BASH_SOURCE[0]}")/schemathesis-version.sh"
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BINARY=${PETSPOT_BINARY:-$REPO/.build/debug/petspot}
MAX_EXAMPLES=${SCHEMATHESIS_MAX_EXAMPLES:-100}
STATEFUL_EXAMPLES=${SCHEMATHESIS_STATEFUL_EXAMPLES:-100}
WORKERS=${SCHEMATHESIS_WORKERS:-1}
SEED=${SCHEMATHESIS_SEED:-$((RANDOM * 32768 + RANDOM))}
VENV=${SCHEMATHESIS_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/petspot/schemathesis-$ST_VERSION}
FUZZ_SECONDS=${SCHEMATHESIS_FUZZ_SECONDS:-150}
STATEFUL_SECONDS=${SCHEMATHESIS_STATEFUL_SECONDS:-75}

started=$(date +%s)
say() { printf '[schemathesis.sh] %s\n' "$*" >&2; }

[[ -x $BINARY ]] || { say "no server binary at $BINARY (build it, or set PETSPOT_BINARY)"; exit 2; }

# --- schemathesis, pinned, in its own virtual environment ------------------------------------------
ST=$VENV/bin/st
if ! "$ST" --version 2>/dev/null | grep -q "$ST_VERSION"; then
    say "installing schemathesis $ST_VERSION into $VENV"
    python3 -m venv "$VENV"
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "schemathesis==$ST_VERSION"
fi

# --- a server of our own: free port, empty data folder, random admin token -------------------------
WORK=$(mktemp -d "${TMPDIR:-/tmp}/petspot-schemathesis.XXXXXX")
DATA=$WORK/data
SERVER_PID=
cleanup() {
    if [[ -n $SERVER_PID ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill "$SERVER_PID" 2>/dev/null || true
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    if [[ ${KEEP_WORK:-0} == 1 ]]; then say "kept $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
ADMIN_TOKEN=$(python3 -c 'import secrets, string; a = string.ascii_letters + string.digits; print("".join(secrets.choice(a) for _ in range(40)))')
BASE=http://127.0.0.1:$PORT

env -u DATABASE_URL -u PETSPOT_SMTP_URL -u PETSPOT_PORT -u PETSPOT_HOST -u PETSPOT_DATA_DIR \
    PETSPOT_ADMIN_TOKEN="$ADMIN_TOKEN" \
    "$BINARY" serve --host 127.0.0.1 --port "$PORT" --data-dir "$DATA" >"$WORK/server.log" 2>&1 &
SERVER_PID=$!

for _ in $(seq 1 120); do
    curl -fsS -o /dev/null "$BASE/api/health" 2>/dev/null && break
    kill -0 "$SERVER_PID" 2>/dev/null || { say "the server exited:"; tail -n 20 "$WORK/server.log" >&2; exit 1; }
    sleep 0.5
done
curl -fsS -o /dev/null "$BASE/api/health" || { say "no answer from $BASE/api/health"; exit 1; }
say "server $BINARY on $BASE (data $DATA)"

# --- real reports: one to read and change, one that the delete operations may remove ---------------
TODAY=$(date -u +%F)
create_report() {
    curl -fsS -X POST "$BASE/api/v1/announcements" -H 'Content-Type: application/json' \
        --data "{\"species\":\"DOG\",\"sex\":\"MALE\",\"lastSeenDate\":\"$TODAY\",\"status\":\"MISSING\",\
\"locationLatitude\":52.2,\"locationLongitude\":21.0,\"email\":\"$1@example.com\",\"petName\":\"$1\"}"
}
field() { python3 -c 'import json, sys; print(json.load(sys.stdin)[sys.argv[1]])' "$1"; }
KEPT=$(create_report schemathesis)
KEPT_ID=$(field id <<<"$KEPT")
KEPT_CODE=$(field managementPassword <<<"$KEPT")
VICTIM=$(create_report victim)
VICTIM_ID=$(field id <<<"$VICTIM")
VICTIM_CODE=$(field managementPassword <<<"$VICTIM")
# A 1x1 GIF, so the report shows in the list and /images has a file to serve.
printf 'GIF89a\001\000\001\000\000\000\000,\000\000\000\000\001\000\001\000\000\002\002D\001\000;' >"$WORK/pet.gif"
curl -fsS -o /dev/null -u "$KEPT_ID:$KEPT_CODE" -F "photo=@$WORK/pet.gif;type=image/gif" \
    "$BASE/api/v1/announcements/$KEPT_ID/photos"
say "report $KEPT_ID (with a photo), report $VICTIM_ID (may be deleted)"

# --- how schemathesis authenticates -----------------------------------------------------------------
# Basic `id:managementCode` for the owner's operations: the code of the report in the path when the
# run knows it (the two above, and every report a stateful scenario created: the create operation's
# links lead there), else the first report's. The admin token for the admin operation.
cat >"$WORK/hooks.py" <<'PY'
import base64
import json
import os
import threading

import schemathesis

_codes = {os.environ["PETSPOT_KEPT_ID"]: os.environ["PETSPOT_KEPT_CODE"],
          os.environ["PETSPOT_VICTIM_ID"]: os.environ["PETSPOT_VICTIM_CODE"]}
_default = os.environ["PETSPOT_KEPT_ID"]
_lock = threading.Lock()


@schemathesis.check
def remember_created_reports(ctx, response, case):
    """Not a test: notes the management code of each report the run creates."""
    if case.operation.method.upper() == "POST" and case.operation.path == "/api/v1/announcements" \
            and response.status_code == 201:
        try:
            body = json.loads(response.content)
            with _lock:
                _codes[body["id"]] = body["managementPassword"]
        except (ValueError, KeyError, TypeError):
            pass
    return None


# A multipart field generated as an empty array is sent as no part at all: a request the schema allows,
# not the violation the negative phase meant (seen on the photo search's optional `species` and `since`,
# answered 200 and reported as "schema-violating request accepted").
_MULTIPART = {"/api/v1/photo-search", "/api/v1/announcements/{id}/photos", "/api/v1/announcements/{id}/sightings"}


@schemathesis.hook
def filter_body(ctx, body):
    operation = getattr(ctx, "operation", None)
    if operation is None or operation.path not in _MULTIPART:
        return True
    return not (isinstance(body, dict) and any(value == [] for value in body.values()))


def _basic(user, password):
    return "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()


def _spares_kept_report(case):
    """A delete aimed at the first report goes without credentials (401, counted nowhere): the run
    learns ids from responses and would otherwise remove the report the other operations work on."""
    if case.operation.method.upper() == "DELETE" and (case.path_parameters or {}).get("id") == _default:
        case.headers = {k: v for k, v in (case.headers or {}).items() if k.lower() != "authorization"}
        return True
    return False


@schemathesis.auth(refresh_interval=None).apply_to(path_regex=r"^/api/v1/announcements/\{id\}").skip_for(
    method="GET", path="/api/v1/announcements/{id}")
class ManagementCode:
    """The owner's Basic credentials; on DELETE of a report the run has no code for, the admin token."""

    def get(self, case, ctx):
        report = (case.path_parameters or {}).get("id")
        with _lock:
            if isinstance(report, str) and report in _codes:
                return _basic(report, _codes[report])
        if case.operation.method.upper() == "DELETE":
            return "Bearer " + os.environ["PETSPOT_ADMIN_TOKEN_FOR_TESTS"]
        return _basic(_default, _codes[_default])

    def set(self, case, data, ctx):
        if _spares_kept_report(case):
            return
        case.headers = dict(case.headers or {})
        case.headers["Authorization"] = data


@schemathesis.auth(refresh_interval=None).apply_to(path_regex=r"^/api/admin/")
class AdminToken:
    def get(self, case, ctx):
        return os.environ["PETSPOT_ADMIN_TOKEN_FOR_TESTS"]

    def set(self, case, data, ctx):
        if _spares_kept_report(case):
            return
        case.headers = dict(case.headers or {})
        case.headers["Authorization"] = "Bearer " + data
PY

cat >"$WORK/schemathesis.toml" <<TOML
# Written by .ci/schemathesis.sh for one run.
color = false
workers = $WORKERS
seed = $SEED
request-timeout = 30

[cache]
enabled = false

[reports]
directory = "$WORK/reports"

[generation]
database = "none"

[checks]
enabled = false
not_a_server_error = { enabled = true }
status_code_conformance = { enabled = true }
content_type_conformance = { enabled = true }
response_headers_conformance = { enabled = true }
response_schema_conformance = { enabled = true }
# The document's own limits hold both ways: what it allows is accepted, what it forbids is refused.
negative_data_rejection = { enabled = true }
positive_data_acceptance = { enabled = true }
remember_created_reports = { enabled = true }

[dictionaries.kept]
values = ["$KEPT_ID"]

[dictionaries.victim]
values = ["$VICTIM_ID"]

[dictionaries.photo]
values = ["$KEPT_ID.gif"]

# The owner's operations reach the kept report in most generated cases (else a random id: 404).
[[operations]]
include-operation-id = ["getAnnouncement", "updateAnnouncement", "uploadPhoto", "listAnnouncementMatches"]
parameters = { "path.id" = { dictionary = "kept", probability = 0.8 } }

[[operations]]
include-operation-id = ["getPhoto"]
parameters = { "path.file" = { dictionary = "photo", probability = 0.8 } }

# The delete operations reach the second report now and then; once it is gone they answer 404.
[[operations]]
include-operation-id = ["deleteAnnouncement", "adminDeleteAnnouncement"]
parameters = { "path.id" = { dictionary = "victim", probability = 0.2 } }

# "What the document allows is accepted" cannot hold where acceptance depends on something no schema
# can state; the document says these rules in words, and every other check still runs here:
# - createAnnouncement: lastSeenDate may not be after today (UTC+14), a bound that moves with the clock;
#   species and sex must not be empty once markup is removed (a value that is only a tag).
# - listAnnouncements: a cursor is valid only as the server issued it (base64url of a time and an id),
#   and lat and lng go together (OpenAPI cannot tie two query parameters).
# - uploadPhoto: whether the file is an image depends on its bytes (magic numbers).
# - createSighting: seenAt must lie within the last 365 days (a window that moves with the clock), and a
#   photo part must be an image by its bytes.
# - searchByPhoto: the photo must be a JPEG, PNG or WebP that decodes (its bytes, not its schema).
[[operations]]
include-operation-id = ["createAnnouncement", "listAnnouncements", "uploadPhoto", "createSighting", "searchByPhoto"]
checks = { positive_data_acceptance = { enabled = false } }
TOML

export PETSPOT_KEPT_ID=$KEPT_ID PETSPOT_KEPT_CODE=$KEPT_CODE PETSPOT_VICTIM_ID=$VICTIM_ID PETSPOT_VICTIM_CODE=$VICTIM_CODE
export PETSPOT_ADMIN_TOKEN_FOR_TESTS=$ADMIN_TOKEN
export SCHEMATHESIS_HOOKS=hooks

# Each run gets a hard stop 90 s after its budget, so a hang cannot eat CI's time.
run_schemathesis() {
    local name=$1 budget=$2; shift 2
    say "run '$name': --max-time $budget $*"
    (cd "$WORK" && PYTHONPATH=$WORK timeout --signal=INT --kill-after=20 $((budget + 90)) \
        "$ST" --config-file "$WORK/schemathesis.toml" run "$BASE/openapi.json" --url "$BASE" \
        --max-time "$budget" --max-failures 50 --report junit --report-junit-path "$WORK/reports/$name.xml" "$@") \
        2>&1 | tee "$WORK/$name.log"
    return "${PIPESTATUS[0]}"
}

# A binary built before the last change to the document serves the old one: say so.
if curl -fsS -o "$WORK/served-openapi.json" "$BASE/openapi.json" &&
    ! python3 -c 'import json, sys; sys.exit(json.load(open(sys.argv[1])) != json.load(open(sys.argv[2])))' \
        "$WORK/served-openapi.json" "$REPO/Sources/PetSpotServer/Resources/openapi.json" 2>/dev/null; then
    say "note: the server's /openapi.json differs from Sources/PetSpotServer/Resources/openapi.json (rebuild to test the latter)"
fi

fuzz_status=0
run_schemathesis fuzz "$FUZZ_SECONDS" --phases examples,coverage,fuzzing --max-examples "$MAX_EXAMPLES" || fuzz_status=$?
stateful_status=0
run_schemathesis stateful "$STATEFUL_SECONDS" --phases stateful --max-examples "$STATEFUL_EXAMPLES" || stateful_status=$?
status=$((fuzz_status != 0 ? fuzz_status : stateful_status))

if ! kill -0 "$SERVER_PID" 2>/dev/null; then
    say "the server died during the run:"
    grep -m1 -E 'Fatal error|Program crashed' "$WORK/server.log" >&2 || tail -n 5 "$WORK/server.log" >&2
    grep -m1 -A8 '^Thread .* crashed:' "$WORK/server.log" >&2 || true
    [[ $status -ne 0 ]] || status=1
fi
if grep -Eq '"level":"(ERROR|CRITICAL)"' "$WORK/server.log"; then
    say "the server logged errors:"
    grep -m 20 -E '"level":"(ERROR|CRITICAL)"' "$WORK/server.log" >&2
fi
[[ $status -eq 0 ]] || KEEP_WORK=1

# Totals from the JUnit reports (one test per operation, one for the stateful scenarios) and the
# case counts schemathesis prints.
read -r passed failed < <(python3 - "$WORK/reports/fuzz.xml" "$WORK/reports/stateful.xml" <<'PY'
import sys
import xml.etree.ElementTree as ET
passed = failed = 0
for path in sys.argv[1:]:
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError):
        failed += 1  # no report: the run broke off
        continue
    get = lambda key: int(root.get(key, 0))
    failed += get("failures") + get("errors")
    passed += get("tests") - get("failures") - get("errors") - get("skipped")
print(passed, failed)
PY
)
cases() { grep -aEo '[0-9]+ generated' "$WORK/$1.log" | tail -n 1 | cut -d' ' -f1 | grep . || echo 0; }
elapsed=$(($(date +%s) - started))
verdict=PASSED
[[ $status -eq 0 && $failed -eq 0 ]] || verdict=FAILED
[[ $verdict == PASSED ]] || [[ $status -ne 0 ]] || status=1
[[ $verdict == PASSED ]] || [[ $failed -ne 0 ]] || failed=1
where=
[[ ${KEEP_WORK:-0} != 1 ]] || where=", logs in $WORK"
echo "schemathesis: $verdict in ${elapsed}s: $(cases fuzz) generated cases over the operations, $(cases stateful) in stateful scenarios, seed $SEED, exit codes $fuzz_status/$stateful_status$where"
echo "schemathesis: $passed passed, $failed failed"
exit "$status"
