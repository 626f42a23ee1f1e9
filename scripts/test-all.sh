#!/usr/bin/env bash
# The whole test suite: typecheck, lint, unit, integration (SQLite, then PostgreSQL when
# TEST_DATABASE_URL is set), and the browser tests. Ends with one "N passed, N failed" line.
set -uo pipefail
cd "$(dirname "$0")/.."
reports=.cache/test-reports
rm -rf "$reports" && mkdir -p "$reports"
status=0
step() { echo; echo "==> $*"; }

step "typecheck" && npm run -s typecheck || status=1
step "lint" && npm run -s lint || status=1
step "unit tests" && npx vitest run --project unit --reporter=default --reporter=json --outputFile="$reports/unit.json" || status=1
step "integration tests (SQLite)" && env -u TEST_DATABASE_URL npx vitest run --project integration --reporter=default --reporter=json --outputFile="$reports/integration-sqlite.json" || status=1
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "integration tests (PostgreSQL)" && npx vitest run --project integration --reporter=default --reporter=json --outputFile="$reports/integration-postgres.json" || status=1
fi
step "browser tests" && PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/e2e.json" npx playwright test --reporter=list,json || status=1

echo
node scripts/test-summary.mjs "$reports" || status=1
exit $status
