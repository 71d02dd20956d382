# Sourced by .ci/run: a throw-away PostgreSQL server on 127.0.0.1 for the tests, installed from Debian
# when missing, owned by the `postgres` user, stopped and deleted when the script exits.
# Sets PETSPOT_TEST_DATABASE_URL (unless it is already set, when that server is used instead).

pg_bin_dir() {
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

# Runs a command as the `postgres` user when we are root (PostgreSQL refuses to run as root).
as_postgres() {
  # From /: the postgres user may not enter the folder CI runs in.
  if [ "$(id -u)" -eq 0 ]; then (cd / && runuser -u postgres -- "$@"); else "$@"; fi
}

install_postgres() {
  [ -n "$(pg_bin_dir)" ] && return 0
  echo "== installing PostgreSQL"
  [ "$(id -u)" -eq 0 ] || { echo "PostgreSQL is missing and we are not root to install it"; return 1; }
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql > /tmp/petspot-apt-postgresql.log 2>&1 \
    || { cat /tmp/petspot-apt-postgresql.log; return 1; }
}

free_port() {
  local port=${1:-55432}
  while (exec 3<> "/dev/tcp/127.0.0.1/$port") 2> /dev/null; do port=$((port + 1)); done
  echo "$port"
}

stop_postgres() {
  [ -n "${PETSPOT_PG_DIR:-}" ] || return 0
  as_postgres "$(pg_bin_dir)/pg_ctl" -D "$PETSPOT_PG_DIR/data" -m fast stop > /dev/null 2>&1
  rm -rf "$PETSPOT_PG_DIR"
  PETSPOT_PG_DIR=
}

start_postgres() {
  if [ -n "${PETSPOT_TEST_DATABASE_URL:-}" ]; then echo "== PostgreSQL: using the given PETSPOT_TEST_DATABASE_URL"; return 0; fi
  install_postgres || return 1
  local bin port password
  bin="$(pg_bin_dir)"
  port="$(free_port)"
  password="$(head -c 18 /dev/urandom | od -An -tx1 | tr -d ' \n')"
  PETSPOT_PG_DIR="$(mktemp -d /tmp/petspot-pg.XXXXXX)"
  trap stop_postgres EXIT
  trap 'exit 130' INT TERM
  if [ "$(id -u)" -eq 0 ]; then
    id postgres > /dev/null 2>&1 || useradd --system --home-dir /var/lib/postgresql --shell /bin/sh postgres
    chown postgres:postgres "$PETSPOT_PG_DIR"
  fi
  echo "== PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"
  as_postgres "$bin/initdb" -D "$PETSPOT_PG_DIR/data" -U postgres --auth-local=trust --auth-host=scram-sha-256 \
    > "$PETSPOT_PG_DIR/initdb.log" 2>&1 || { cat "$PETSPOT_PG_DIR/initdb.log"; return 1; }
  # Throw-away data: no fsync. Tests run in parallel, each on its own database: room for connections.
  # A port found free may be taken before the server binds it (another cluster starting): try the next.
  local attempt
  for attempt in 1 2 3 4 5; do
    rm -f "$PETSPOT_PG_DIR/server.log"
    as_postgres "$bin/pg_ctl" -D "$PETSPOT_PG_DIR/data" -l "$PETSPOT_PG_DIR/server.log" -w -t 60 start \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $PETSPOT_PG_DIR -c max_connections=300 -c fsync=off" > /dev/null && break
    grep -q "Address already in use" "$PETSPOT_PG_DIR/server.log" && [ "$attempt" -lt 5 ] \
      || { cat "$PETSPOT_PG_DIR/server.log"; return 1; }
    port="$(free_port $((port + 1)))"
    echo "== port taken, trying 127.0.0.1:$port"
  done
  as_postgres "$bin/psql" -X -q -v ON_ERROR_STOP=1 -h "$PETSPOT_PG_DIR" -p "$port" -U postgres -d postgres \
    -c "CREATE ROLE petspot LOGIN CREATEDB PASSWORD '$password'" -c "CREATE DATABASE petspot OWNER petspot" || return 1
  export PETSPOT_TEST_DATABASE_URL="postgres://petspot:$password@127.0.0.1:$port/petspot?sslmode=disable"
}
