#!/usr/bin/env bash
# The project's whole check, as the README's `npm install && npm test` runs it:
# static checks, unit tests, then the end-to-end run against a real LXD it starts itself.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }
# Playwright empties test-results/ when it starts, so the unit summary is kept elsewhere.
mkdir -p test-results reports
rm -f reports/unit-summary.json test-results/e2e-summary.json

step "Type check (src, server, scripts, e2e)"
npm run --silent typecheck

step "Lint (ESLint) and format (Prettier)"
npm run --silent lint
npm run --silent format:check

step "Dependency rules (no circular imports, layering)"
npm run --silent depcruise

step "PostgreSQL for the journal's tests (Debian's package, installed if missing)"
npx tsx scripts/postgres-cli.ts install

step "Unit tests (Vitest)"
npx vitest run --reporter=default --reporter=json --outputFile.json=reports/unit-summary.json

step "End-to-end tests (Playwright + Chromium against a real LXD)"
e2e_status=0
npm run --silent test:e2e || e2e_status=$?
if [ "$e2e_status" -ne 0 ]; then
  # CI shows only the end of the output: say here if the e2e LXD stopped answering meanwhile.
  if [ -s reports/e2e-lxd-health.txt ]; then
    printf '\n'
    cat reports/e2e-lxd-health.txt
  fi
  if [ ! -s test-results/e2e-summary.json ]; then
    echo "e2e: the run ended before its summary (exit $e2e_status)"
    exit "$e2e_status"
  fi
fi

node -e '
const fs = require("fs");
const unit = JSON.parse(fs.readFileSync("reports/unit-summary.json", "utf8"));
const e2e = JSON.parse(fs.readFileSync("test-results/e2e-summary.json", "utf8"));
const passed = unit.numPassedTests + e2e.passed;
const failed = unit.numFailedTests + e2e.failed;
const skipped = unit.numPendingTests + unit.numTodoTests + e2e.skipped;
console.log(`\nunit: ${unit.numPassedTests} passed, ${unit.numFailedTests} failed`);
console.log(`e2e: ${e2e.passed} passed, ${e2e.failed} failed`);
console.log(`total: ${passed} passed, ${failed} failed, ${skipped} skipped`);
'
exit "$e2e_status"
