#!/usr/bin/env bash
# Lint, type-check and unit tests for route-optimizer (CI and local).
set -euxo pipefail

npm run lint
npm run typecheck
npx jest --ci --coverage --coverageReporters=lcov --coverageReporters=text-summary
