#!/usr/bin/env bash
# `npm test`: every test, each stage timed (wall and CPU seconds):
#   verify beside build (the web app and the server bundle, once) · then in order: unit ·
#   api (embedded PostgreSQL) · lifecycle (real server processes) ·
#   api again on Debian's PostgreSQL through DATABASE_URL under Node 24 (scripts/ensure-node.sh),
#   beside proxy (two instances behind Debian's nginx, scripts/proxy-test.sh) ·
#   e2e (Playwright in Debian's Chromium). The build stage also checks every page's initial JS
#   against its budget in gzip bytes (scripts/check-web-sizes.ts). No test decides by the
#   machine's speed: page scores are measured by the benches in bench/, for a person to run.
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
# Every demo seed of the run (a dozen fresh databases) draws the demo photos once, not each time.
export SEED_PHOTO_CACHE_DIR=$run_tmp/seed-photos
STOOP_RESULTS_DIR=$run_tmp/results
mkdir "$STOOP_RESULTS_DIR"
export STOOP_RESULTS_DIR

# Stages run in their own session (so clean-up reaches their whole process tree): by name, the
# group id, start time and files of each one running.
declare -A stage_pid=() stage_start=() stage_dir=()
pg_dir=""
summary=()
run_start=$EPOCHREALTIME

elapsed_since() {
  awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'
}

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  local name pid
  for name in "${!stage_pid[@]}"; do
    pid=${stage_pid[$name]}
    kill -0 "$pid" 2>/dev/null || continue
    echo "npm test: stopping the running stage $name (process group $pid)" >&2
    kill -TERM -- "-$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 -- "-$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL -- "-$pid" 2>/dev/null || true
  done
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

# stage_begin NAME [--buffered] COMMAND...: starts a stage. Its output goes to the log as it comes,
# or, --buffered (a stage running beside another), in one piece when it ends.
stage_begin() {
  local name=$1
  shift
  local buffered=0
  if [ "${1:-}" = --buffered ]; then
    buffered=1
    shift
  fi
  local dir=$run_tmp/stage-$name
  mkdir -p "$dir"
  stage_dir[$name]=$dir
  stage_start[$name]=$EPOCHREALTIME
  echo
  echo "==================== [$name] $* ===================="
  # The stage's shell writes `times` (its whole tree's CPU) when the command ends.
  local script='times_file=$1; shift; "$@"; rc=$?; times >"$times_file"; exit "$rc"'
  if [ "$buffered" = 1 ]; then
    echo "(runs beside the next stage; its output follows when it ends)"
    setsid bash -c "$script" "$name" "$dir/times" "$@" >"$dir/output" 2>&1 &
  else
    setsid bash -c "$script" "$name" "$dir/times" "$@" &
  fi
  stage_pid[$name]=$!
}

# stage_end NAME: waits for a stage, prints one timing line (wall and CPU seconds: a stage's
# share of the two cores says whether it waits or computes) and records it for the summary.
stage_end() {
  local name=$1 rc=0
  wait "${stage_pid[$name]}" || rc=$?
  unset "stage_pid[$name]"
  local dir=${stage_dir[$name]}
  if [ -f "$dir/output" ]; then
    echo
    echo "==================== [$name] output ===================="
    cat "$dir/output"
  fi
  local cpu=?
  if [ -f "$dir/times" ]; then
    cpu=$(awk 'NR == 2 {
      total = 0
      for (i = 1; i <= 2; i++) { split($i, p, "m"); total += p[1] * 60 + p[2] }
      printf "%.1f", total
    }' "$dir/times")
  fi
  local took line
  took=$(elapsed_since "${stage_start[$name]}")
  if [ "$rc" -eq 0 ]; then
    line=$(printf '[%s] passed in %s s (cpu %s s)' "$name" "$took" "$cpu")
  else
    line=$(printf '[%s] FAILED (exit %s) after %s s (cpu %s s)' "$name" "$rc" "$took" "$cpu")
  fi
  echo "$line"
  summary+=("$line")
  return "$rc"
}

# stage NAME COMMAND...: one stage on its own.
stage() {
  stage_begin "$@"
  stage_end "$1"
}

# vitest_project PROJECTS REPORT [VAR=value ...]: Vitest projects (a comma-separated list), with
# a JSON report to count.
vitest_project() {
  local projects=$1 report=$2 name
  shift 2
  local args=() names=()
  IFS=, read -ra names <<<"$projects"
  for name in "${names[@]}"; do args+=(--project "$name"); done
  env "$@" node_modules/.bin/vitest run "${args[@]}" \
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

# verify (mostly tsc, one core) runs beside the build, which writes only dist/ and dist-server/.
stage_begin verify --buffered npm run -s verify
# One web build and one server bundle for the run: lifecycle, proxy and e2e all use them. Node 24
# (a lifecycle test and the api-debian-pg stage run on it) is installed into its cache here too.
stage build bash -c 'node_modules/.bin/vite build --logLevel warn &&
  node_modules/.bin/tsx scripts/check-web-sizes.ts --dist dist \
    --results "$STOOP_RESULTS_DIR/web-sizes.json" &&
  node_modules/.bin/tsx scripts/build-server.ts && bash scripts/ensure-node.sh' ||
  record_failure build
stage_end verify || record_failure verify
export STOOP_SKIP_BUILD=1
# The node-environment and the DOM unit tests, each its own project (decision 058).
stage unit vitest_project unit,unit-dom unit || record_failure unit
stage api-embedded vitest_project api api-embedded || record_failure api-embedded
stage lifecycle vitest_project lifecycle lifecycle || record_failure lifecycle

# The proxy stage runs beside the Debian pass: that pass waits on its PostgreSQL server, and the
# proxy stage (two servers, nginx, one browser) mostly waits on them (17 CPU s in 21 s alone).
# It starts after the cluster is up, so the two never run apt at once on a fresh machine.
proxy_started=0
pg_start=$EPOCHREALTIME
if pg_env=$(bash scripts/ensure-postgres.sh start); then
  pg_url=$(printf '%s\n' "$pg_env" | sed -n "s/^export DATABASE_URL='\(.*\)'$/\1/p")
  pg_dir=$(printf '%s\n' "$pg_env" | sed -n "s/^export STOOP_PG_DIR='\(.*\)'$/\1/p")
  summary+=("$(printf '[debian-postgres] cluster up in %s s' "$(elapsed_since "$pg_start")")")
  # The second pass also covers the second Node version: PostgreSQL 15 on Node 24 here, where
  # the first pass ran PostgreSQL 17 on the machine's Node.
  stage_begin proxy --buffered bash scripts/proxy-test.sh
  proxy_started=1
  if node24=$(bash scripts/ensure-node.sh); then
    summary+=("[node] second pass on $("$node24" --version), first on $(node --version)")
    # The property tests search their inputs in the first pass; here they check the same
    # properties on this server and Node with a quarter of the runs (decision 057).
    stage api-debian-pg vitest_project api api-debian-pg DATABASE_URL="$pg_url" \
      PATH="$(dirname "$node24"):$PATH" STOOP_PROPERTY_RUNS_SHARE=0.25 ||
      record_failure api-debian-pg
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
if [ "$proxy_started" = 1 ]; then
  stage_end proxy || record_failure proxy
else
  stage proxy bash scripts/proxy-test.sh || record_failure proxy
fi

stage e2e bash scripts/e2e.sh || record_failure e2e

if [ "${#failed[@]}" -gt 0 ]; then
  echo "npm test: failed stages: ${failed[*]}" >&2
  exit 1
fi
