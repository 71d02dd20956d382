#!/usr/bin/env bash
# The project files whose code runs while the server files one report: `scripts/request-path.sh [-v]`.
# Builds petspot with LLVM's coverage counters and without optimisation (no function is inlined into
# another file, so each file's code counts where it is written), in .build/request-path (about 7 minutes
# the first time). Then runs `petspot serve` twice (SQLite, jobs paused, no proxy): run A files a warm-up
# report; run B files the same warm-up report and then the measured one, at another point (so a new place
# name), with another e-mail address (so its code e-mail is queued), from a new connection. A file is on
# the path when one of its functions ran more often in B than in A. Prints the files under Sources/, `R`
# beside those that exist only for reports (their names say so), and the counts; -v also prints each
# function that ran more often.
set -euo pipefail
cd "$(dirname "$0")/.."
verbose=${1:-}
tools=$(dirname "$(readlink -f "$(command -v swift)")")
swift build --product petspot --scratch-path .build/request-path \
    -Xswiftc -profile-generate -Xswiftc -profile-coverage-mapping > /dev/null
binary=.build/request-path/debug/petspot
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

file_report() { # port latitude longitude e-mail
    curl -s -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' \
        -d "{\"species\":\"DOG\",\"sex\":\"MALE\",\"status\":\"MISSING\",\"lastSeenDate\":\"2025-11-20\",\"locationLatitude\":$2,\"locationLongitude\":$3,\"email\":\"$4\",\"petName\":\"Reksio\",\"description\":\"brown, white paws\"}" \
        "http://127.0.0.1:$1/api/v1/announcements"
}

run() { # name, measured (yes or no)
    local port pid status
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    LLVM_PROFILE_FILE="$work/$1.profraw" "$binary" serve --port "$port" --data-dir "$work/$1" --jobs paused > "$work/$1.log" 2>&1 &
    pid=$!
    for _ in $(seq 300); do curl -s -o /dev/null "http://127.0.0.1:$port/api/health" && break; sleep 0.2; done
    [ "$(file_report "$port" 52.23 21.01 first@example.com)" = 201 ] || { echo "run $1: the warm-up report was not created" >&2; exit 1; }
    sleep 1
    if [ "$2" = yes ]; then
        status=$(file_report "$port" 50.06 19.94 second@example.com)
        [ "$status" = 201 ] || { echo "run $1: the measured report was not created ($status)" >&2; exit 1; }
    fi
    sleep 1
    kill -TERM "$pid"
    wait "$pid" || true
    "$tools/llvm-profdata" merge -o "$work/$1.profdata" "$work/$1.profraw"
    "$tools/llvm-cov" export -format=text -skip-expansions -skip-branches -instr-profile "$work/$1.profdata" "$binary" > "$work/$1.json"
}

run A no
run B yes
python3 - "$work/A.json" "$work/B.json" "$verbose" "$PWD/Sources/" << 'EOF'
import json, re, sys

def counts(path):
    found, lines = {}, {}
    for function in json.load(open(path))["data"][0]["functions"]:
        name = function["filenames"][0]
        if name.startswith(sys.argv[4]):
            key = (name[len(sys.argv[4]):], function["name"])
            found[key] = found.get(key, 0) + function["count"]
            # Regions are [line start, column, line end, column, count, file, ...]; file 0 is the function's own.
            lines.setdefault(key, set()).update(
                line for region in function["regions"] if region[5] == 0 for line in range(region[0], region[2] + 1))
    return found, lines

(before, _), (after, lines) = counts(sys.argv[1]), counts(sys.argv[2])
grown = sorted(key for key, count in after.items() if count > before.get(key, 0))
files = sorted({file for file, _ in grown})
only_reports = re.compile(r"(^|/)(Announcement[^/]*|[^/]*\+Announcements|PetFacts|ListResponseCache)\.swift$")
for file in files:
    print(("R " if only_reports.search(file) else "  ") + file)
    if sys.argv[3] == "-v":
        for _, function in (key for key in grown if key[0] == file):
            print("      " + function)
ran = sum(len(set().union(*(lines[key] for key in grown if key[0] == file))) for file in files)
print(f"{len(files)} files, {sum(1 for f in files if only_reports.search(f))} of them only for reports; "
      f"the functions that ran more span {ran} of their lines")
EOF
