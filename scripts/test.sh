#!/usr/bin/env bash
# Sets up what is missing, then builds everything (the documentation too) and runs every test.
# Warnings are errors (Package.swift).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
swift format lint --strict --recursive Package.swift Domain Data App Benchmarks Tests Fuzz
swift build --build-tests
# The engine's DocC archives, warnings as errors: a broken doc link fails CI (DocumentationTests
# then checks that every public declaration is documented and every snippet compiles).
scripts/docs.sh
swift test --skip-build "$@"
