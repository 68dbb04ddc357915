#!/usr/bin/env bash
# A throwaway PostgreSQL cluster from Debian's server packages, for the API suite's second pass.
#
#   out=$(bash scripts/ensure-postgres.sh start)   # installs `postgresql` with apt if missing
#   eval "$out"                                    # sets DATABASE_URL and STOOP_PG_DIR
#   bash scripts/ensure-postgres.sh stop "$STOOP_PG_DIR"
#
# start initdb's a fresh cluster in a new temp dir (owned by the postgres user when we are root),
# listening only on 127.0.0.1 on a free port, scram-sha-256 password auth, no unix socket, fsync
# off (test data only). It prints shell assignments on stdout; everything else goes to stderr.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/apt.sh"

MARKER=.stoop-throwaway-cluster

pg_bin_dir() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$dir" ] && [ -x "$dir/postgres" ]; then echo "$dir"; fi
}

# Runs a command as the cluster's owner: the postgres user when we are root, else ourselves.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

stop_cluster() {
  local dir="${1:?usage: ensure-postgres.sh stop DIR}"
  if [ ! -f "$dir/$MARKER" ]; then
    echo "ensure-postgres: $dir is not a throwaway cluster made by this script; not touching it." >&2
    return 1
  fi
  local bin pid
  bin=$(pg_bin_dir)
  if [ -f "$dir/data/postmaster.pid" ]; then
    pid=$(head -n 1 "$dir/data/postmaster.pid")
    if [ -n "$bin" ]; then
      as_owner "$bin/pg_ctl" stop -D "$dir/data" -m fast -w -t 10 >/dev/null 2>&1 || true
    fi
    if kill -0 "$pid" 2>/dev/null; then
      kill -QUIT "$pid" 2>/dev/null || true
      for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    fi
  fi
  rm -rf "$dir"
  echo "ensure-postgres: stopped and removed $dir" >&2
}

start_cluster() {
  local bin
  bin=$(pg_bin_dir)
  if [ -z "$bin" ]; then
    if [ "$(id -u)" -eq 0 ] && [ ! -e /etc/postgresql-common/createcluster.d/stoop.conf ]; then
      # We only want the server binaries: no `main` cluster started at install time.
      mkdir -p /etc/postgresql-common/createcluster.d
      echo 'create_main_cluster = false' >/etc/postgresql-common/createcluster.d/stoop.conf
    fi
    apt_install postgresql
    bin=$(pg_bin_dir)
    [ -n "$bin" ] || { echo "ensure-postgres: no postgres binary after installing." >&2; exit 1; }
  fi
  if [ "$(id -u)" -eq 0 ] && ! id postgres >/dev/null 2>&1; then
    useradd --system --user-group --no-create-home postgres
  fi

  local dir port password
  dir=$(mktemp -d "${TMPDIR:-/tmp}/stoop-pg.XXXXXX")
  touch "$dir/$MARKER"
  # From here on, a failure must not leave a cluster behind.
  trap 'status=$?; [ "$status" -eq 0 ] || stop_cluster "$dir" >/dev/null 2>&1 || true' EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  chmod 755 "$dir"
  port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
  password=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
  printf '%s\n' "$password" >"$dir/pwfile"
  chmod 600 "$dir/pwfile"
  if [ "$(id -u)" -eq 0 ]; then chown -R postgres:postgres "$dir"; fi

  as_owner "$bin/initdb" --pgdata="$dir/data" --username=postgres --pwfile="$dir/pwfile" \
    --auth=scram-sha-256 --encoding=UTF8 --locale=C --no-sync >"$dir/initdb.log" 2>&1 || {
    cat "$dir/initdb.log" >&2
    exit 1
  }
  rm -f "$dir/pwfile"
  cat >>"$dir/data/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = ''
max_connections = 200
fsync = off
synchronous_commit = off
full_page_writes = off
CONF
  if ! as_owner "$bin/pg_ctl" start -D "$dir/data" -l "$dir/server.log" -w -t 60 >/dev/null; then
    echo "ensure-postgres: PostgreSQL failed to start; its log:" >&2
    cat "$dir/server.log" >&2 || true
    exit 1
  fi
  trap - EXIT INT TERM
  echo "ensure-postgres: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port, data in $dir" >&2
  echo "export DATABASE_URL='postgresql://postgres:$password@127.0.0.1:$port/postgres'"
  echo "export STOOP_PG_DIR='$dir'"
  echo "# stop: bash scripts/ensure-postgres.sh stop '$dir'"
}

case "${1:-start}" in
  start) start_cluster ;;
  stop) stop_cluster "${2:-}" ;;
  *)
    echo "usage: ensure-postgres.sh [start] | stop DIR" >&2
    exit 2
    ;;
esac
