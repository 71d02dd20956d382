#!/usr/bin/env bash
# Server CPU per request of one path: `scripts/server-cpu.sh BINARY PATH [DATABASE]`.
# Serves a copy of DATABASE (default: the guard's 100 k reports, .bench-data/reports-100000-seed42-described,
# made by `petspot bench guard`), warms up 2 s, then reads the server's user+system CPU time
# (/proc/<pid>/stat) over 5 s of `wrk -t1 -c8` and divides by the requests. Run two binaries alternately
# for an A/B on this noisy machine. PETSPOT_SERVE_ARGS adds serve options ("--list-cache-seconds 0");
# WRK_SCRIPT sends wrk's requests from a script instead (scripts/create-report.lua files reports).
set -euo pipefail
binary=$1; path=$2
database=${3:-$(dirname "$0")/../.bench-data/reports-100000-seed42-described/petspot.sqlite}
data=$(mktemp -d); trap 'rm -rf "$data"' EXIT
cp "$database" "$data/"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
# shellcheck disable=SC2086 # PETSPOT_SERVE_ARGS: more serve options, e.g. "--list-cache-seconds 0"
"$binary" serve --port "$port" --data-dir "$data" --report-limit 1000000 --contact-limit 1000000 ${PETSPOT_SERVE_ARGS:-} > /dev/null 2>&1 &
pid=$!
for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.2; done
wrk -t1 -c8 -d2s ${WRK_SCRIPT:+-s "$WRK_SCRIPT"} "http://127.0.0.1:$port$path" > /dev/null
before=$(awk '{print $14+$15}' "/proc/$pid/stat")
out=$(wrk -t1 -c8 -d5s ${WRK_SCRIPT:+-s "$WRK_SCRIPT"} "http://127.0.0.1:$port$path")
after=$(awk '{print $14+$15}' "/proc/$pid/stat")
kill "$pid"; wait "$pid" 2>/dev/null || true
requests=$(echo "$out" | awk '/requests in/ {print $1}')
echo "$before $after $requests" | awk -v tick="$(getconf CLK_TCK)" '{printf "%.0f µs of server CPU a request (%d requests)\n", ($2-$1)/tick*1e6/$3, $3}'
echo "$out" | grep -q "Non-2xx" && echo "warning: some answers were not 2xx" || true
