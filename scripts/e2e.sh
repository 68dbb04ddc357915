#!/usr/bin/env bash
# `npm run test:e2e` (and stage f of `npm test`): builds the web app, starts the real server on a
# free port with a fresh DATA_DIR, and runs Playwright in Debian's Chromium against BASE_URL.
# Extra arguments go to `playwright test`. Stops the server on any exit.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

fail() {
  echo "e2e: $*" >&2
  exit 1
}

# No silent skip: a missing suite is a failure.
[ -f playwright.config.ts ] || fail "playwright.config.ts is missing: there is no e2e suite to run."
[ -d e2e ] || fail "the e2e/ folder is missing: there is no e2e suite to run."
if [ -z "$(find e2e -type f \( -name '*.spec.ts' -o -name '*.test.ts' \) -print -quit)" ]; then
  fail "e2e/ holds no *.spec.ts or *.test.ts files: there is no e2e suite to run."
fi
[ -d src/web ] || fail "src/web is missing: there is no web app to test."

# Playwright runs Debian's Chromium and never downloads a browser.
bash scripts/ensure-chromium.sh
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export CHROMIUM_PATH=/usr/bin/chromium

# npm test builds once for every stage (STOOP_SKIP_BUILD=1); alone, this script builds.
if [ "${STOOP_SKIP_BUILD:-0}" != 1 ]; then
  echo "e2e: vite build"
  node_modules/.bin/vite build
  node_modules/.bin/tsx scripts/build-server.ts
fi

workdir=$(mktemp -d "${TMPDIR:-/tmp}/stoop-e2e.XXXXXX")
chmod 755 "$workdir" # the postgres OS user must reach DATA_DIR
server_pid=""

stop_server() {
  local status=$?
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$server_pid" 2>/dev/null || true
  fi
  if [ "$status" -ne 0 ] && [ -f "$workdir/server.log" ]; then
    echo "e2e: last lines of the server log ($workdir/server.log):" >&2
    tail -n 30 "$workdir/server.log" >&2 || true
  fi
  rm -rf "$workdir"
  exit "$status"
}
trap stop_server EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
export BASE_URL="http://localhost:$port"
echo "e2e: starting the server on $BASE_URL (DATA_DIR $workdir/data)"
# Every e2e test signs in from 127.0.0.1: better-auth's per-IP limits are off for this server
# (the per-account lockout stays on).
PORT=$port DATA_DIR="$workdir/data" NODE_ENV=development LOG_LEVEL=warn AUTH_IP_RATE_LIMITS=false \
  node --enable-source-maps dist-server/index.mjs >"$workdir/server.log" 2>&1 &
server_pid=$!
node --import tsx scripts/lib/wait-healthy.ts "$BASE_URL/api/health" "$server_pid" 90 ||
  fail "the server did not become healthy."

reporter_args=()
if [ -n "${STOOP_RESULTS_DIR:-}" ]; then
  # npm test counts the tests of every stage: a JSON report beside the configured reporters.
  reporter_args=(--add-reporter=json)
  export PLAYWRIGHT_JSON_OUTPUT_FILE="$STOOP_RESULTS_DIR/e2e.json"
fi
echo "e2e: playwright test against $BASE_URL"
node_modules/.bin/playwright test "${reporter_args[@]}" "$@"
