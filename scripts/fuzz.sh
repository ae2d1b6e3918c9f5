#!/usr/bin/env bash
# Builds the libFuzzer harness (Fuzz/Harnesses) with AddressSanitizer and runs it on each target:
# the CSV, JSON and JSON Lines import readers and the store opener.
#
#   scripts/fuzz.sh [--seconds N] [TARGET...]     TARGET: csv json jsonl store (default: all)
#
# Each target runs N seconds (default 15) from its committed corpus, Fuzz/Corpus/TARGET; inputs
# that find new coverage go to the build folder's working corpus, not the committed one. A crash
# stops the run, leaves its input in Fuzz/Crashes/ and fails the script: turn it into a
# regression test, then add the input to the corpus (and what it reads to, to Tests/AppTests/
# FuzzCorpusTests, which reads the corpus in every test run). Prints `fuzz: TARGET: N executions`.
# The build folder (FUZZ_BUILD, default /tmp/movies-fuzz-build) is kept for the next run; the
# temporary folders the harness writes store inputs in are removed however the script ends.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=15
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    csv | json | jsonl | store) targets+=("$1"); shift ;;
    *) echo "usage: scripts/fuzz.sh [--seconds N] [csv|json|jsonl|store ...]" >&2; exit 2 ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || targets=(csv json jsonl store)

build="${FUZZ_BUILD:-/tmp/movies-fuzz-build}"
mkdir -p "$build" Fuzz/Crashes
# The upcoming features Package.swift turns on for every target: the sources' imports rely on them.
flags=(-sanitize=fuzzer,address -parse-as-library -swift-version 6 -package-name Movies -g -Onone -I "$build"
  -j "$(nproc)"
  -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault
  -enable-upcoming-feature MemberImportVisibility)
sqlite_flags=(-Xcc -fmodule-map-file=Data/CSQLite/module.modulemap -Xcc -I/usr/include
  -Xcc -fmodule-map-file=Data/CLibPQ/include/module.modulemap)

sources() { find "$@" -name '*.swift' -not -path '*/CSQLite/*' | sort; }

# Rebuilt only when a source is newer than the binary.
binary="$build/movies-fuzz"
if [ ! -x "$binary" ] || [ -n "$(find Domain Data App/MoviesCLI Fuzz/Harnesses -name '*.swift' -newer "$binary" | head -1)" ]; then
  echo "fuzz: building $binary" >&2
  # The package's targets, in dependency order, each a static library and module (SQLiteCore's
  # clients load the C module that it imports; so do PostgresCore's).
  module() { # NAME FOLDER
    swiftc "${flags[@]}" "${sqlite_flags[@]}" -emit-library -static -emit-module -module-name "$1" \
      -o "$build/lib$1.a" $(sources "$2")
  }
  # libpq's functions, loaded at the first connection (Data/CLibPQ).
  clang -c -g -O1 -I Data/CLibPQ/include Data/CLibPQ/LazyLibPQ.c -o "$build/LazyLibPQ.o"
  ar rcs "$build/libCLibPQ.a" "$build/LazyLibPQ.o"
  module Repositories Domain/Repositories
  module Catalog Domain/Catalog
  module SQLValues Data/SQLValues
  module SQLiteCore Data/SQLite
  module PostgresCore Data/PostgreSQL
  module NestedJSON Data/NestedJSON
  module Persistence Data/Persistence
  module CatalogStorage Data/CatalogStorage
  swiftc "${flags[@]}" "${sqlite_flags[@]}" -module-name MoviesFuzz -o "$binary" \
    $(sources App/MoviesCLI Fuzz/Harnesses) -L "$build" \
    -lCatalogStorage -lPersistence -lNestedJSON -lSQLiteCore -lSQLValues -lCatalog -lRepositories -lPostgresCore -lCLibPQ -lsqlite3 2>&1 |
    grep -v "Cannot export local symbol" >&2 || true
  [ -x "$binary" ] || { echo "fuzz: the build failed" >&2; exit 1; }
fi

# The harness writes each store input in a folder of its own under the temporary folder
# (movies-fuzz-PID): here, one the script makes and removes however it ends.
scratch="$(mktemp -d "${TMPDIR:-/tmp}/movies-fuzz-run.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

status=0
for target in "${targets[@]}"; do
  work="$build/corpus/$target"
  mkdir -p "$work"
  log="$build/$target.log"
  if TMPDIR="$scratch" FUZZ_TARGET="$target" "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="Fuzz/Crashes/$target-" "$work" "Fuzz/Corpus/$target" >"$log" 2>&1; then
    runs=$(grep -ao 'Done [0-9]* runs' "$log" | tail -1 | grep -o '[0-9]*' || echo 0)
    echo "fuzz: $target: $runs executions in ${seconds}s, no crash"
  else
    status=1
    echo "fuzz: $target: CRASH; input in Fuzz/Crashes/, log in $log" >&2
    grep -a -E 'ERROR|Fatal error|SUMMARY|Test unit written' "$log" | head -10 >&2 || true
  fi
done
exit $status
