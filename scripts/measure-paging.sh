#!/usr/bin/env bash
# Measures a page deep in `movies list`: by offset (`--offset N`, which reads and skips N
# movies) against by position (`--after ID`, the id of the movie before the page, found through
# the date index), beside the first page, on a generated catalog; checks that both ways print
# the same page. Times are whole runs of the process, sorted, fastest first.
#
#   scripts/measure-paging.sh                        # 200,000 movies, the page at 150,000
#   scripts/measure-paging.sh 1000000 900000 5       # movies, page offset, runs of each
#   MOVIES=path/to/movies scripts/measure-paging.sh  # another build
set -euo pipefail
cd "$(dirname "$0")/.."
rows="${1:-200000}"
offset="${2:-150000}"
runs="${3:-5}"
# shellcheck source=scripts/measure-common.sh
. scripts/measure-common.sh
need_counts "the movies, the offset and the runs" "$rows" "$offset" "$runs"
find_movies

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Dates repeat, so the list's order (date, then title, then id) has ties to break.
generate_catalog "$rows" >"$work/movies.csv"
store="$work/catalog.store"
"$movies" --store "$store" import "$work/movies.csv" --quiet >/dev/null
last="$("$movies" --store "$store" list --offset $((offset - 1)) --limit 1 --format json 2>/dev/null |
  sed -n 's/.*"id" *: *"\([0-9a-f-]*\)".*/\1/p')"
"$movies" --store "$store" list --offset "$offset" --limit 20 >"$work/by-offset.txt" 2>/dev/null
"$movies" --store "$store" list --after "$last" --limit 20 >"$work/by-after.txt" 2>/dev/null
cmp -s "$work/by-offset.txt" "$work/by-after.txt" || { echo "the two pages differ" >&2; exit 1; }

# Wall-clock milliseconds of one run, the process's start included.
milliseconds() {
  local start end
  start=$(date +%s%N)
  "$movies" --store "$store" "$@" >/dev/null 2>&1
  end=$(date +%s%N)
  echo $(((end - start) / 1000000))
}
printf '%s movies, the 20 after position %s, %s runs (ms, whole process)\n' "$rows" "$offset" "$runs"
# The first page shows the floor: a process's start, opening the catalog, 20 rows.
for way in "--offset 0" "--offset $offset" "--after $last"; do
  times=()
  for _ in $(seq "$runs"); do
    # shellcheck disable=SC2086
    times+=("$(milliseconds list $way --limit 20)")
  done
  sorted=$(printf '%s\n' "${times[@]}" | sort -n | tr '\n' ' ')
  printf '  list %-16s --limit 20  %s\n' "${way/$last/ID}" "$sorted"
done
