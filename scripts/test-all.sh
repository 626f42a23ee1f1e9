#!/usr/bin/env bash
# The whole test suite (`npm test`, what CI runs), or its inner-loop part (`npm run test:quick`):
#   full:  typecheck, lint, unit, the console build; then integration on SQLite and on PostgreSQL (when
#          TEST_DATABASE_URL is set) and the HTTP page tests, side by side; then the browser tests.
#   quick: typecheck, lint, unit, integration on SQLite and the HTTP page tests.
# Stages of a group run side by side (each is mostly one core or waits on another process); each
# stage's output is printed whole when its group ends. The last lines give each stage's wall time, the
# slowest ten test files and one "N passed, N failed" line.
set -uo pipefail
cd "$(dirname "$0")/.."
mode="${1:-full}"
reports=.cache/test-reports
logs=.cache/test-logs
rm -rf "$reports" "$logs" && mkdir -p "$reports" "$logs"
status=0
run_started=$(date +%s)

# stage NAME COMMAND...: runs in the background, logging to $logs/NAME.log and timing itself.
stage() {
  local name=$1; shift
  (
    started=$EPOCHREALTIME
    "$@" >"$logs/$name.log" 2>&1
    rc=$?
    awk -v n="$name" -v rc="$rc" -v a="$started" -v b="$EPOCHREALTIME" 'BEGIN { printf "%s %s %.1f\n", n, rc, b - a }' >"$logs/$name.time"
    exit $rc
  ) &
}

# Waits for the group's stages, prints their logs, and records failures.
finish_group() {
  wait
  for time in "$logs"/*.time; do
    [ -e "$time" ] || continue
    read -r name rc seconds <"$time"
    echo
    echo "==> $name (${seconds} s, exit $rc)"
    cat "$logs/$name.log"
    [ "$rc" = 0 ] || status=1
    cat "$time" >>"$logs/stages.txt"
    rm "$time"
  done
}

vitest_json() { echo "--reporter=default --reporter=json --outputFile=$reports/$1.json"; }
# The integration and page files share their worker's modules (`--no-isolate`, as `npm run
# test:integration` and `test:pages`): each file starts and closes its own platform, database or console
# stack, so no file's state lives on in a module, and a fresh module graph per file cost those runs a
# third of their time in collecting (433 of 1,406 s). The vitest pool reads isolation from the run, not
# from a project's settings, hence a flag here rather than a line in vitest.config.ts.
shared_modules="--no-isolate"
# Two workers per integration pass: vitest's default on two cores is one, and the PostgreSQL pass (the
# longest) ran its last two minutes alone on one core once the SQLite pass and the pages had ended
# (group 327 → 277 s on one machine). Files already run beside themselves in the other pass, so each
# takes its own database copy, ports and directories.
two_workers="--maxWorkers=2"

stage typecheck npm run -s typecheck
stage lint npm run -s lint
# shellcheck disable=SC2046
stage unit npx vitest run --project unit $(vitest_json unit)
[ "$mode" = full ] && stage build node --import tsx -e 'import("./scripts/console-build.ts").then((m) => process.exit(m.buildIfNeeded("[build]") ? 0 : 1))'
finish_group

# shellcheck disable=SC2046
stage integration-sqlite env -u TEST_DATABASE_URL npx vitest run --project integration "$shared_modules" "$two_workers" $(vitest_json integration-sqlite)
if [ "$mode" = full ] && [ -n "${TEST_DATABASE_URL:-}" ]; then
  # shellcheck disable=SC2046
  stage integration-postgres npx vitest run --project integration "$shared_modules" "$two_workers" $(vitest_json integration-postgres)
fi
# shellcheck disable=SC2046
stage pages env -u TEST_DATABASE_URL npx vitest run --project pages "$shared_modules" $(vitest_json pages)
finish_group

if [ "$mode" = full ]; then
  stage browser env PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/e2e.json" npx playwright test --reporter=list,json
  finish_group
fi

echo
echo "==> stage wall times (total $(( $(date +%s) - run_started )) s)"
sort -k3 -n -r "$logs/stages.txt" | awk '{ printf "  %-22s %7.1f s%s\n", $1, $3, ($2 == 0 ? "" : "  FAILED") }'
node scripts/test-summary.mjs "$reports" || status=1
exit $status
