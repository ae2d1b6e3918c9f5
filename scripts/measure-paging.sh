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
movies="${MOVIES:-}"
if [ -z "$movies" ]; then
  scripts/bootstrap.sh
  swift build -c release --product movies >/dev/null
  movies="$(swift build -c release --show-bin-path)/movies"
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The catalog of scripts/measure-memory.sh: dates repeat, so the list's order (date, then
# title, then id) has ties to break.
awk -v rows="$rows" 'BEGIN {
  print "title,date,content,rate,heart,tags"
  for (i = 0; i < rows; i++)
    printf "Movie %d,%04d-%02d-%02d,\"Notes about movie %d, a fine film.\",%d,%d,%s\n",
      i, 1900 + i % 125, 1 + i % 12, 1 + i % 28, i, i % 11, i % 4, (i % 5 == 0 ? "drama|classic" : "")
}' >"$work/movies.csv"
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
