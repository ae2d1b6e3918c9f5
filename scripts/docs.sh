#!/usr/bin/env bash
# Builds the engine's documentation with DocC, warnings as errors: the symbol graphs of the built
# modules (swift-symbolgraph-extract), then one archive per module — Repositories and Persistence
# with their catalogs (Documentation.docc), SQLValues, SQLiteCore, PostgresCore, NestedJSON and the test
# kit RepositoryTesting from their doc comments.
# A broken link, a symbol link that resolves to nothing or a parameter left undocumented fails it.
#   scripts/docs.sh [OUTPUT_DIR]   (default .build/documentation; one <Module>.doccarchive each)
set -euo pipefail
cd "$(dirname "$0")/.."
output="${1:-.build/documentation}"

# The toolchain's tools sit beside the real `swift` (on macOS, `xcrun --find` knows them).
tool() {
  if command -v "$1" >/dev/null 2>&1; then
    command -v "$1"
  elif command -v xcrun >/dev/null 2>&1; then
    xcrun --find "$1"
  else
    echo "$(dirname "$(readlink -f "$(command -v swift)")")/$1"
  fi
}
docc="$(tool docc)"
extract="$(tool swift-symbolgraph-extract)"

start=$SECONDS
swift build --target Persistence  # and the engine modules under it
swift build --target PostgresCore
swift build --target RepositoryTesting
bin="$(swift build --show-bin-path)"
triple="$(swiftc -print-target-info | sed -n 's/^ *"triple": "\(.*\)",*$/\1/p' | head -n 1)"
graphs="$(mktemp -d)"
trap 'rm -rf "$graphs"' EXIT
mkdir -p "$output"

# module path-of-its-catalog-or-empty
for entry in Repositories:Domain/Repositories/Documentation.docc Persistence:Data/Persistence/Documentation.docc \
  SQLValues: SQLiteCore: PostgresCore: NestedJSON: RepositoryTesting:; do
  module="${entry%%:*}"
  catalog="${entry#*:}"
  mkdir -p "$graphs/$module"
  "$extract" -module-name "$module" -target "$triple" -minimum-access-level public -skip-inherited-docs \
    -I "$bin/Modules" -module-cache-path "$bin/ModuleCache" \
    -Xcc -fmodule-map-file="$PWD/Data/CSQLite/module.modulemap" \
    -Xcc -fmodule-map-file="$PWD/Data/CLibPQ/include/module.modulemap" \
    -output-dir "$graphs/$module"
  rm -rf "$output/$module.doccarchive"
  # DocC writes its diagnostics among its progress lines: shown only when it fails.
  if ! "$docc" convert ${catalog:+"$catalog"} --additional-symbol-graph-dir "$graphs/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "movies.$module" \
    --output-dir "$output/$module.doccarchive" --warnings-as-errors >"$graphs/$module.log" 2>&1; then
    cat "$graphs/$module.log" >&2
    echo "docs.sh: the documentation of $module has errors (above)" >&2
    exit 1
  fi
done
echo "Documentation of Repositories, Persistence, SQLValues, SQLiteCore, PostgresCore, NestedJSON and RepositoryTesting in $output ($((SECONDS - start)) s)"
