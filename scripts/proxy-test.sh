#!/usr/bin/env bash
# The `proxy` stage of `npm test` (issue 17, decision 041): Stoop behind a real load balancer.
#
#   bash scripts/proxy-test.sh [playwright args]
#
# Two instances of the built server (two ports, TRUST_PROXY=1) on ONE throwaway PostgreSQL
# (scripts/ensure-postgres.sh), behind Debian's nginx on loopback with a config generated under
# $TMPDIR (never the system service, never /etc/nginx), then e2e/load-balancer.nginx.ts in
# Playwright (Debian's Chromium) against nginx. Installs nginx, PostgreSQL and Chromium with apt
# when missing. Every process it starts is stopped on any exit.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/ensure-nginx.sh
bash scripts/ensure-chromium.sh >/dev/null
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export CHROMIUM_PATH=/usr/bin/chromium
NGINX=/usr/sbin/nginx

if [ "${STOOP_SKIP_BUILD:-0}" != 1 ]; then
  echo "proxy: vite build"
  node_modules/.bin/vite build --logLevel warn
  node_modules/.bin/tsx scripts/build-server.ts
fi

workdir=$(mktemp -d "${TMPDIR:-/tmp}/stoop-proxy.XXXXXX")
chmod 755 "$workdir"
pg_dir=""
nginx_pid=""
instance_pids=()

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  local pid
  for pid in "${instance_pids[@]}" $nginx_pid; do
    kill -TERM "$pid" 2>/dev/null || true
  done
  for pid in "${instance_pids[@]}" $nginx_pid; do
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
  done
  if [ -n "$pg_dir" ]; then bash scripts/ensure-postgres.sh stop "$pg_dir" || true; fi
  if [ "$status" -ne 0 ]; then
    local log
    for log in "$workdir"/*.log; do
      [ -f "$log" ] || continue
      echo "proxy: last lines of $log:" >&2
      tail -n 20 "$log" >&2 || true
    done
  fi
  rm -rf "$workdir"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

pg_env=$(bash scripts/ensure-postgres.sh start)
database_url=$(printf '%s\n' "$pg_env" | sed -n "s/^export DATABASE_URL='\(.*\)'$/\1/p")
pg_dir=$(printf '%s\n' "$pg_env" | sed -n "s/^export STOOP_PG_DIR='\(.*\)'$/\1/p")

nginx_port=$(free_port)
export BASE_URL="http://localhost:$nginx_port"
# Every instance signs sessions with the same secret: a cookie from one is good on the other.
secret=$(od -An -N32 -tx1 /dev/urandom | tr -d ' \n')
instance_urls=()

# start_instance NAME: one built server on its own port and DATA_DIR, on the shared database.
start_instance() {
  local name=$1 port
  port=$(free_port)
  PORT=$port HOST=127.0.0.1 DATA_DIR="$workdir/$name" DATABASE_URL="$database_url" \
    BASE_URL="$BASE_URL" BETTER_AUTH_SECRET="$secret" TRUST_PROXY=1 EXPOSE_PID_HEADER=true \
    NODE_ENV=development LOG_LEVEL=warn SEED_DEMO_DATA=false AUTH_IP_RATE_LIMITS=true \
    node --enable-source-maps dist-server/index.mjs >"$workdir/$name.log" 2>&1 &
  local pid=$!
  instance_pids+=("$pid")
  instance_urls+=("http://127.0.0.1:$port")
  node --import tsx scripts/lib/wait-healthy.ts "http://127.0.0.1:$port/api/health" "$pid" 90 ||
    { echo "proxy: instance $name did not become healthy." >&2; exit 1; }
}
# One after the other: the first migrates the empty database.
start_instance a
start_instance b
echo "proxy: instances ${instance_urls[*]} (pids ${instance_pids[*]}) on one PostgreSQL"

upstream_servers=""
for url in "${instance_urls[@]}"; do
  upstream_servers+="    server ${url#http://} max_fails=1 fail_timeout=10s;"$'\n'
done
mkdir -p "$workdir/nginx"
# The same proxying as README "Running in production" (there with TLS and real addresses).
cat >"$workdir/nginx/nginx.conf" <<CONF
daemon off;
worker_processes 1;
pid $workdir/nginx/nginx.pid;
error_log $workdir/nginx.log warn;
$( [ "$(id -u)" -eq 0 ] && echo "user root root;" )
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $workdir/nginx/client_body;
  proxy_temp_path $workdir/nginx/proxy;
  fastcgi_temp_path $workdir/nginx/fastcgi;
  uwsgi_temp_path $workdir/nginx/uwsgi;
  scgi_temp_path $workdir/nginx/scgi;

  upstream stoop {
$upstream_servers    keepalive 32;
  }

  server {
    listen 127.0.0.1:$nginx_port;
    client_max_body_size 12m;

    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host \$http_host;
    proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto \$scheme;

    location / {
      proxy_pass http://stoop;
    }

    # Live streams: events go out as they come, and a quiet stream (a comment every 25 s) stays up.
    location = /api/events {
      proxy_pass http://stoop;
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
    }
  }
}
CONF
"$NGINX" -t -q -p "$workdir/nginx" -c "$workdir/nginx/nginx.conf"
"$NGINX" -p "$workdir/nginx" -c "$workdir/nginx/nginx.conf" &
nginx_pid=$!
node --import tsx scripts/lib/wait-healthy.ts "$BASE_URL/api/health" "$nginx_pid" 30 ||
  { echo "proxy: nginx did not answer on $BASE_URL." >&2; exit 1; }
echo "proxy: nginx on $BASE_URL"

export STOOP_PROXY_INSTANCES
STOOP_PROXY_INSTANCES=$(IFS=,; echo "${instance_urls[*]}")
reporter_args=()
if [ -n "${STOOP_RESULTS_DIR:-}" ]; then
  reporter_args=(--reporter=list,json)
  export PLAYWRIGHT_JSON_OUTPUT_FILE="$STOOP_RESULTS_DIR/proxy.json"
fi
node_modules/.bin/playwright test -c playwright.proxy.config.ts "${reporter_args[@]}" "$@"
