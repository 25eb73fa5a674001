#!/usr/bin/env bash
# The project's whole check, as the README's `npm install && npm test` runs it:
# static checks, unit tests, then the end-to-end run against a real LXD it starts itself.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

step "Type check (src, server, scripts, e2e)"
npm run --silent typecheck

step "Lint (ESLint) and format (Prettier)"
npm run --silent lint
npm run --silent format:check

step "Dependency rules (no circular imports, layering)"
npm run --silent depcruise

step "Unit tests (Vitest)"
npx vitest run

step "End-to-end tests (Playwright + Chromium against a real LXD)"
npm run --silent test:e2e
