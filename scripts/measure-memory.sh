#!/usr/bin/env bash
# Measures the peak resident memory (and time) of the commands that stream a whole catalog —
# list (table and JSON), export (CSV, JSON, JSON Lines), stats and history (JSON and table: the
# import is one transaction of every movie, tag and link) — on generated catalogs of
# each size given, so that a bound that does not grow with the catalog shows in one table.
#
#   scripts/measure-memory.sh                     # 200,000 and 1,000,000 movies
#   MOVIES=path/to/movies scripts/measure-memory.sh 200000   # another build, one size
#
# Every fifth movie has two tags, so the batched look-up of tags is measured too.
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(200000 1000000)
# shellcheck source=scripts/measure-common.sh
. scripts/measure-common.sh
need_counts "the sizes" "${sizes[@]}"
need_gnu_time
find_movies

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
printf '%-9s  %-22s  %10s  %9s\n' movies command "peak (KB)" "time (s)"
for rows in "${sizes[@]}"; do
  generate_catalog "$rows" >"$work/movies.csv"
  store="$work/catalog-$rows.store"
  "$movies" --store "$store" import "$work/movies.csv" --quiet >/dev/null
  for command in "list" "list --format json" "export --format csv" "export --format json" \
    "export --format jsonl" "stats" "history --format json" "history"; do
    # shellcheck disable=SC2086
    /usr/bin/time -f "%M %e" -o "$work/time" "$movies" --store "$store" $command >/dev/null
    read -r peak seconds <"$work/time"
    printf '%-9s  %-22s  %10s  %9s\n' "$rows" "$command" "$peak" "$seconds"
  done
  rm -f "$store"*
done
