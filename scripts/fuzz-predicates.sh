#!/usr/bin/env bash
# Runs the differential predicate fuzzers long: random predicates, sorts and pages on SQLite
# and (where PostgreSQL's server is installed) on PostgreSQL, each compared with Swift's own
# Predicate.evaluate. The test run keeps them short; this is the long run.
#
#   scripts/fuzz-predicates.sh [CASES] [SEED]     CASES: SQLite's cases (default 100000);
#                                                 PostgreSQL runs a fifth as many
#
# Prints one line per engine: cases, cases that found models, cases that failed where Swift
# traps, cases refused before running, and mismatches (each mismatch is printed with its seed,
# so that `WIDE_FUZZ_SEED=SEED` and a count of 1 replays it).
set -euo pipefail
cd "$(dirname "$0")/.."
cases="${1:-100000}"
seed="${2:-20261207}"
case "$cases$seed" in
  *[!0-9]* | '') echo "fuzz-predicates: CASES and SEED must be whole numbers" >&2; exit 2 ;;
esac
[ "$cases" -ge 1 ] || { echo "fuzz-predicates: CASES must be at least 1" >&2; exit 2; }
scripts/bootstrap.sh
swift build --build-tests
WIDE_FUZZ_CASES="$cases" POSTGRES_WIDE_FUZZ_CASES=$(((cases + 4) / 5)) WIDE_FUZZ_SEED="$seed" \
  FUZZ_CASES="$cases" POSTGRES_FUZZ_CASES=$(((cases + 4) / 5)) \
  swift test --skip-build --filter 'WideFuzzTests|DifferentialFuzzTests|PostgresPredicateFuzzTests' 2>&1 |
  grep -E 'wide fuzz|✘|Test run with'
