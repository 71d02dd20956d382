# Sourced by .ci/run: a throw-away S3-compatible server for the photo store tests, moto's (PyPI
# `moto[server]`), on 127.0.0.1, stopped when the script exits (stop_s3). Sets PETSPOT_TEST_S3_URL
# (unless it is already set, when that server is used instead). Needs free_port from .ci/postgres.sh.

stop_s3() {
  [ -n "${PETSPOT_S3_PID:-}" ] || return 0
  kill "$PETSPOT_S3_PID" 2> /dev/null
  wait "$PETSPOT_S3_PID" 2> /dev/null
  PETSPOT_S3_PID=
}

start_s3() {
  if [ -n "${PETSPOT_TEST_S3_URL:-}" ]; then echo "== S3: using the given PETSPOT_TEST_S3_URL"; return 0; fi
  if ! command -v moto_server > /dev/null || ! python3 -c "import moto.server, flask_cors, boto3" 2> /dev/null; then
    echo "== installing moto[server]"
    python3 -m pip install --quiet 'moto[server]' > /tmp/petspot-pip-moto.log 2>&1 || { cat /tmp/petspot-pip-moto.log; return 1; }
  fi
  local port attempt
  for attempt in 1 2 3 4 5; do
    port="$(free_port 56900)"
    moto_server -H 127.0.0.1 -p "$port" > /tmp/petspot-moto.log 2>&1 &
    PETSPOT_S3_PID=$!
    local waited
    for waited in $(seq 1 100); do
      if (exec 3<> "/dev/tcp/127.0.0.1/$port") 2> /dev/null; then
        export PETSPOT_TEST_S3_URL="http://127.0.0.1:$port"
        echo "== S3 (moto $(python3 -c 'import moto; print(moto.__version__)')) on 127.0.0.1:$port"
        return 0
      fi
      kill -0 "$PETSPOT_S3_PID" 2> /dev/null || break
      sleep 0.2
    done
    stop_s3
  done
  cat /tmp/petspot-moto.log
  return 1
}
