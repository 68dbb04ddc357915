#!/usr/bin/env bash
# `npm test`: every test, in order, each stage timed:
#   verify · build (the web app and the server bundle, once) · unit · api (embedded PostgreSQL) ·
#   lifecycle (real server processes) ·
#   proxy (two instances behind Debian's nginx, scripts/proxy-test.sh) ·
#   api again on Debian's PostgreSQL through DATABASE_URL under Node 24 (scripts/ensure-node.sh) ·
#   e2e (Playwright in Debian's Chromium).
# Installs PostgreSQL, nginx and Chromium with apt when missing. Every process it starts (each stage runs
# in its own process group, the throwaway PostgreSQL cluster) is stopped on any exit.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# Each stage picks its database itself; an ambient DATABASE_URL must not leak into them.
unset DATABASE_URL
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# All temp files of the run (data dirs, clusters, browser profiles, reports) go under one folder,
# removed at the end even when a stage was killed before its own clean-up. The postgres OS user
# must be able to enter it.
# On tmpfs when it has room (6 GB): each API pass makes ~170 databases, a quarter of a million
# small files, and on disk removing them alone took two minutes.
tmp_parent=${TMPDIR:-/tmp}
if [ -d /dev/shm ] && [ -w /dev/shm ] &&
  [ "$(df -Pk /dev/shm | awk 'NR == 2 { print $4 }')" -gt 6000000 ]; then
  tmp_parent=/dev/shm
fi
run_tmp=$(mktemp -d "$tmp_parent/stoop-test-run.XXXXXX")
chmod 755 "$run_tmp"
export TMPDIR=$run_tmp
STOOP_RESULTS_DIR=$run_tmp/results
mkdir "$STOOP_RESULTS_DIR"
export STOOP_RESULTS_DIR

stage_pid=""
pg_dir=""
summary=()
run_start=$EPOCHREALTIME

elapsed_since() {
  awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'
}

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  if [ -n "$stage_pid" ] && kill -0 "$stage_pid" 2>/dev/null; then
    echo "npm test: stopping the running stage (process group $stage_pid)" >&2
    kill -TERM -- "-$stage_pid" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 -- "-$stage_pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL -- "-$stage_pid" 2>/dev/null || true
  fi
  if [ -n "$pg_dir" ]; then
    bash scripts/ensure-postgres.sh stop "$pg_dir" || true
  fi
  echo
  echo "==================== npm test: stages ===================="
  local line
  for line in "${summary[@]}"; do echo "$line"; done
  echo "total $(elapsed_since "$run_start") s, exit $status"
  # One closing line with the count of tests run (Vitest and Playwright reports).
  node -e '
    const fs = require("node:fs");
    const dir = process.argv[1];
    let passed = 0, failed = 0, skipped = 0;
    // The failing tests are named again here, so a log cut to its tail still shows them.
    const failures = [];
    const firstLine = (text) => String(text ?? "").replace(/\x1b\[[0-9;]*m/g, "").trim().split("\n")[0].slice(0, 200);
    const walkSuites = (report, suite, titles) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (test.status !== "unexpected") continue;
          const error = test.results?.at(-1)?.error?.message;
          failures.push(`${report}: ${[...titles, spec.title].join(" › ")} (${spec.file}:${spec.line}): ${firstLine(error)}`);
        }
      }
      for (const child of suite.suites ?? []) walkSuites(report, child, [...titles, child.title]);
    };
    for (const file of fs.readdirSync(dir)) {
      const report = file.replace(/\.json$/, "");
      try {
        const r = JSON.parse(fs.readFileSync(`${dir}/${file}`, "utf8"));
        if (r.stats && "expected" in r.stats) {
          passed += r.stats.expected + (r.stats.flaky ?? 0);
          failed += r.stats.unexpected;
          skipped += r.stats.skipped;
          for (const suite of r.suites ?? []) walkSuites(report, suite, []);
        } else {
          passed += r.numPassedTests ?? 0;
          failed += r.numFailedTests ?? 0;
          skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
          for (const testFile of r.testResults ?? []) {
            for (const test of testFile.assertionResults ?? []) {
              if (test.status !== "failed") continue;
              const where = testFile.name.replace(process.cwd() + "/", "");
              failures.push(`${report}: ${test.fullName} (${where}): ${firstLine(test.failureMessages?.[0])}`);
            }
            if (testFile.status === "failed" && !(testFile.assertionResults ?? []).some((t) => t.status === "failed")) {
              failures.push(`${report}: ${testFile.name.replace(process.cwd() + "/", "")}: ${firstLine(testFile.message)}`);
            }
          }
        }
      } catch {}
    }
    for (const line of failures) console.log(`FAILED ${line}`);
    console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
  ' "$STOOP_RESULTS_DIR" || true
  rm -rf "$run_tmp"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# stage NAME COMMAND...: runs COMMAND in its own process group (so clean-up reaches all of it),
# prints one timing line, records it for the summary, and stops the run when it fails.
stage() {
  local name=$1
  shift
  local start=$EPOCHREALTIME
  echo
  echo "==================== [$name] $* ===================="
  # A new session: the stage's whole process tree shares one group id, its pid.
  setsid bash -c '"$@"' "$name" "$@" &
  stage_pid=$!
  local rc=0
  wait "$stage_pid" || rc=$?
  stage_pid=""
  local line
  if [ "$rc" -eq 0 ]; then
    line=$(printf '[%s] passed in %s s' "$name" "$(elapsed_since "$start")")
  else
    line=$(printf '[%s] FAILED (exit %s) after %s s' "$name" "$rc" "$(elapsed_since "$start")")
  fi
  echo "$line"
  summary+=("$line")
  return "$rc"
}

# vitest_project PROJECT REPORT [VAR=value ...]: one Vitest project, with a JSON report to count.
vitest_project() {
  local project=$1 report=$2
  shift 2
  env "$@" node_modules/.bin/vitest run --project "$project" \
    --reporter=default --reporter=json --outputFile.json="$STOOP_RESULTS_DIR/$report.json"
}
export -f vitest_project

# Every stage runs even when an earlier one failed (one run shows every problem); the exit code
# is non-zero when any failed. STOOP_FAIL_FAST=1 stops at the first failure instead.
failed=()
record_failure() {
  failed+=("$1")
  if [ "${STOOP_FAIL_FAST:-0}" = 1 ]; then exit 1; fi
}

stage verify npm run -s verify || record_failure verify
# One web build and one server bundle for the run: lifecycle, proxy and e2e all use them. Node 24
# (a lifecycle test and the api-debian-pg stage run on it) is installed into its cache here too.
stage build bash -c 'node_modules/.bin/vite build --logLevel warn &&
  node_modules/.bin/tsx scripts/build-server.ts && bash scripts/ensure-node.sh' ||
  record_failure build
export STOOP_SKIP_BUILD=1
stage unit vitest_project unit unit || record_failure unit
stage api-embedded vitest_project api api-embedded || record_failure api-embedded
stage lifecycle vitest_project lifecycle lifecycle || record_failure lifecycle
stage proxy bash scripts/proxy-test.sh || record_failure proxy

pg_start=$EPOCHREALTIME
if pg_env=$(bash scripts/ensure-postgres.sh start); then
  pg_url=$(printf '%s\n' "$pg_env" | sed -n "s/^export DATABASE_URL='\(.*\)'$/\1/p")
  pg_dir=$(printf '%s\n' "$pg_env" | sed -n "s/^export STOOP_PG_DIR='\(.*\)'$/\1/p")
  summary+=("$(printf '[debian-postgres] cluster up in %s s' "$(elapsed_since "$pg_start")")")
  # The second pass also covers the second Node version: PostgreSQL 15 on Node 24 here, where
  # the first pass ran PostgreSQL 17 on the machine's Node.
  if node24=$(bash scripts/ensure-node.sh); then
    summary+=("[node] second pass on $("$node24" --version), first on $(node --version)")
    stage api-debian-pg vitest_project api api-debian-pg DATABASE_URL="$pg_url" \
      PATH="$(dirname "$node24"):$PATH" || record_failure api-debian-pg
  else
    summary+=("[node] FAILED: no Node 24, so the api-debian-pg stage did not run")
    record_failure node24
  fi
  bash scripts/ensure-postgres.sh stop "$pg_dir"
  pg_dir=""
else
  summary+=("[debian-postgres] FAILED: no cluster, so the api-debian-pg stage did not run")
  record_failure debian-postgres
fi

stage e2e bash scripts/e2e.sh || record_failure e2e

if [ "${#failed[@]}" -gt 0 ]; then
  echo "npm test: failed stages: ${failed[*]}" >&2
  exit 1
fi
