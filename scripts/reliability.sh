#!/usr/bin/env bash
# The reliability suite, in one command: kill -9 during commits, I/O errors and power loss at
# every point of a workload, a full disk, out-of-memory, damaged and hostile store files,
# random values round-tripping, and libFuzzer on the import readers and the store opener.
#
#   scripts/reliability.sh           the bounded run that CI does (a few minutes)
#   scripts/reliability.sh --long    10x and more: 500 kill cycles, 10,000 mutated stores,
#                                    300,000 values, 5 minutes of fuzzing per target, and
#                                    the hostile-file and fault tests under AddressSanitizer
#
# Ends with the suite's figures, one per line (`reliability: …`, `fuzz: …`).
set -euo pipefail
cd "$(dirname "$0")/.."

long=0
case "${1:-}" in
  --long) long=1 ;;
  "") ;;
  *) echo "usage: scripts/reliability.sh [--long]" >&2; exit 2 ;;
esac

scripts/bootstrap.sh
log=$(mktemp)
trap 'rm -f "$log"' EXIT

swift build --build-tests
RELIABILITY_LONG=$long swift test --skip-build --filter ReliabilityTests 2>&1 | tee "$log"

if [ $long = 1 ]; then
  scripts/fuzz.sh --seconds 300 | tee -a "$log"
  swift build --build-tests --sanitize=address --scratch-path /tmp/movies-asan-build
  LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt" \
    swift test --skip-build --sanitize=address --scratch-path /tmp/movies-asan-build \
    --filter 'HostileFileTests|FaultInjectionTests' 2>&1 | tee -a "$log"
else
  scripts/fuzz.sh --seconds 12 | tee -a "$log"
fi

echo
echo "Reliability figures ($([ $long = 1 ] && echo long || echo bounded) run):"
grep -E '^(reliability|fuzz): ' "$log" | sort
