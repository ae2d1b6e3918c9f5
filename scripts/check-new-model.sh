#!/usr/bin/env bash
# Proves that scripts/new-model.sh still writes a model that builds and passes its tests: runs
# it into a scratch copy of the package, builds the copy and runs the generated suites there,
# with the suites a new model touches (the command tree, the schema checks, the module seams).
# Bad specifications must be refused with status 2 and write nothing. CI runs it.
#
#   scripts/check-new-model.sh [--in-place] [Model attribute:Type[:unique] ...]
#
# The default model is the README's Book. The copy builds from nothing: a copied .build does not
# help (its module cache names the old folder, which fails the build; without the cache, SwiftPM
# compiled all 394 steps again and took as long). --in-place is for a throwaway clone such as
# CI's: it writes the model into this work tree, which must be clean by git's account, so that
# the build reuses .build and compiles only the modules the model touches; afterwards (passed or
# failed) git puts every tracked file back and removes the untracked ones it wrote (.build stays).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
IN_PLACE=0
if [[ "${1:-}" == "--in-place" ]]; then
  IN_PLACE=1
  shift
fi
if (($# == 0)); then set -- Book title:String author:String year:Int isbn:String:unique pages:Int?; fi
MODEL="$1"

started=$SECONDS
if ((IN_PLACE)); then
  if ! git -C "$ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1 ||
    [[ -n "$(git -C "$ROOT" status --porcelain)" ]]; then
    echo "check-new-model: --in-place needs a git work tree without changes (see git status)" >&2
    exit 2
  fi
  trap 'git -C "$ROOT" checkout -q -- . && git -C "$ROOT" clean -fdq' EXIT
  cd "$ROOT"
else
  SCRATCH="$(mktemp -d "${TMPDIR:-/tmp}/new-model-check.XXXXXX")"
  trap 'rm -rf "$SCRATCH"' EXIT
  tar -C "$ROOT" --exclude=./.build --exclude=./.git -cf - . | tar -C "$SCRATCH" -xf -
  cd "$SCRATCH"
fi

# Refused specifications: status 2, and not a file written or changed.
before="$(find . \( -path ./.build -o -path ./.git \) -prune -o -type f -printf '%p %s %T@\n' | sort)"
refused=(
  "$MODEL"                               # no attributes
  "$MODEL name:Text"                     # an unknown type
  "$MODEL 2nd:Int"                       # not a Swift identifier
  "$MODEL class:Int"                     # a keyword
  "$MODEL id:UUID"                       # the identifier
  "$MODEL name:String name:Int"          # an attribute twice
  "Movie name:String"                    # a model that exists
)
for spec in "${refused[@]}"; do
  # shellcheck disable=SC2086 # each specification is words on purpose
  if scripts/new-model.sh $spec 2>/dev/null; then status=0; else status=$?; fi
  if ((status != 2)); then
    echo "check-new-model: 'new-model.sh $spec' exited $status, not 2" >&2
    exit 1
  fi
done
after="$(find . \( -path ./.build -o -path ./.git \) -prune -o -type f -printf '%p %s %T@\n' | sort)"
if [[ "$before" != "$after" ]]; then
  echo "check-new-model: a refused specification changed files:" >&2
  diff <(echo "$before") <(echo "$after") >&2 || true
  exit 1
fi

scripts/new-model.sh "$@"
swift format lint --strict --recursive Domain Data App Tests
swift build --build-tests
swift test --skip-build \
  --filter "$MODEL|MoviesCommandTree|CatalogMigrationTests|AddedModelTests|ContractFixtureKeys|ModuleBoundary"
echo "check-new-model: $MODEL scaffolded, built and tested in $((SECONDS - started)) s"
