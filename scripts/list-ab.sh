#!/usr/bin/env bash
# A/B of the cached list's server CPU: `scripts/list-ab.sh BINARY_A BINARY_B [PAIRS] [serve options…]`.
# Serves the 1 M benchmark database (made by `petspot bench http`) with both binaries at once, jobs paused,
# and alternates them PAIRS times (default 4): wrk with the published app's headers (scripts/app-list.lua),
# 64 connections, 2 s of warm-up, then 8 s measured. Prints server CPU µs per request (user + system time
# from /proc over the requests wrk sent), requests a second and p99 for each.
set -euo pipefail
a=$1; b=$2; pairs=${3:-4}; shift $(( $# < 3 ? $# : 3 ))
here=$(cd "$(dirname "$0")" && pwd)
data=${PETSPOT_BENCH_DATA:-$here/../.bench-data/reports-1000000-seed42-described}
lua=$here/app-list.lua
"$a" serve --port 18101 --data-dir "$data" --jobs paused "$@" > /dev/null 2>&1 & pa=$!
"$b" serve --port 18102 --data-dir "$data" --jobs paused "$@" > /dev/null 2>&1 & pb=$!
trap 'kill $pa $pb 2>/dev/null' EXIT
sleep 3
measure() { # port pid
    wrk -t2 -c64 -d2s -s "$lua" "http://127.0.0.1:$1" > /dev/null
    local before after out
    before=$(awk '{print $14+$15}' "/proc/$2/stat")
    out=$(wrk -t2 -c64 -d8s -s "$lua" --latency "http://127.0.0.1:$1")
    after=$(awk '{print $14+$15}' "/proc/$2/stat")
    echo "$out" | awk -v b="$before" -v a="$after" -v t="$(getconf CLK_TCK)" '
        /requests in/ {n = $1} /Requests\/sec/ {r = $2} $1 == "99%" {p = $2}
        END {printf "%.1f µs/req  %s req/s  p99 %s\n", (a - b) / t * 1e6 / n, r, p}'
}
for _ in $(seq "$pairs"); do
    echo -n "A: "; measure 18101 $pa
    echo -n "B: "; measure 18102 $pb
done
