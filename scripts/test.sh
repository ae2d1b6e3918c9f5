#!/usr/bin/env bash
# Sets up what is missing, then builds and runs every test. Warnings are errors (Package.swift).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
swift format lint --strict --recursive Package.swift Domain Data App Benchmarks Tests Fuzz
swift build --build-tests
swift test --skip-build "$@"
