#!/usr/bin/env bash
# Serving a photo (GET /images/<id>.jpeg, 60 KB): req/s and the server's CPU per request (utime+stime from
# /proc over the measured requests) for the bare Hummingbird ceiling, a server with its photos in the data
# folder and one with them in a bucket, side by side in one run (issue 30; docs/PERFORMANCE.md).
# Usage: scripts/bench-photo-get.sh .build/release/petspot http://127.0.0.1:PORT   (an S3 endpoint, e.g. moto_server)
# Needs wrk, curl and boto3 (to make the bucket). Everything runs on 127.0.0.1 and stops by itself.
set -u
BIN=$(realpath "$1"); S3=$2
WORK=$(mktemp -d /tmp/petspot-photo-get.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"
mkdir folder bucket
python3 - <<'PY' > photo.jpg
import sys, random
r = random.Random(5)
sys.stdout.buffer.write(b"\xff\xd8\xff\xe0" + bytes(r.getrandbits(8) for _ in range(60000)))
PY
cpu() { awk '{print $14+$15}' /proc/$1/stat; }
measure() { # name pid url
  local before after
  wrk -t2 -c16 -d3s "$3" > /dev/null 2>&1
  before=$(cpu $2)
  wrk -t2 -c16 -d8s "$3" > wrk.out 2>&1
  after=$(cpu $2)
  local rps reqs
  rps=$(awk '/Requests\/sec/ {print $2}' wrk.out); reqs=$(awk '/requests in/ {print $1}' wrk.out)
  echo "| $1 | $rps | $(python3 -c "print(round(($after-$before)*10000/$reqs,1))") |"
}
$BIN bench ceiling --port 3998 --max-seconds 120 & C=$!
$BIN serve --port 3996 --data-dir folder --report-limit 100000 > folder.log 2>&1 & F=$!
AWS_ACCESS_KEY_ID=b AWS_SECRET_ACCESS_KEY=b $BIN serve --port 3997 --data-dir bucket --report-limit 100000 --photo-store s3://petspot-photobench/p --s3-endpoint $S3 --s3-path-style true > bucket.log 2>&1 & B=$!
python3 -c "import boto3; boto3.client('s3', endpoint_url='$S3', region_name='us-east-1', aws_access_key_id='b', aws_secret_access_key='b').create_bucket(Bucket='petspot-photobench')" 2>/dev/null
sleep 4
for port in 3996 3997; do
  out=$(curl -s -H 'Content-Type: application/json' -d '{"species":"DOG","sex":"MALE","lastSeenDate":"2026-11-01","status":"MISSING","locationLatitude":52.2,"locationLongitude":21.0,"email":"b@example.com"}' http://127.0.0.1:$port/api/v1/announcements)
  id=$(echo "$out" | python3 -c 'import sys,json; print(json.load(sys.stdin)["id"])'); pw=$(echo "$out" | python3 -c 'import sys,json; print(json.load(sys.stdin)["managementPassword"])')
  curl -s -o /dev/null -w "upload %{http_code}\n" -u "$id:$pw" -F "photo=@photo.jpg;type=image/jpeg" http://127.0.0.1:$port/api/v1/announcements/$id/photos
  eval "ID$port=$id"
done
echo "| path | req/s | server CPU µs/request |"
echo "|---|---:|---:|"
measure "ceiling (/ceiling)" $C http://127.0.0.1:3998/ceiling
measure "photo, folder" $F http://127.0.0.1:3996/images/$ID3996.jpeg
measure "photo, bucket (moto on loopback)" $B http://127.0.0.1:3997/images/$ID3997.jpeg
kill $C $F $B
