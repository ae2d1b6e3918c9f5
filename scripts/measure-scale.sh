#!/usr/bin/env bash
# Measures how the catalog's commands grow with its size: for each size given, a generated
# catalog is imported, then every query a user runs is timed (with its peak memory) — a page
# of `list` under each filter (a search for a rare phrase and for a word every movie holds), a
# page deep in the list, `stats`, an export of every movie, `store check` and one movie by id.
# Beside the import, the export and `store check`, the sqlite3 shell (when installed) does
# SQLite's own part of the same work on the same data — the file's import into one table with
# the movies' two indexes, every movie read in the list's order, `PRAGMA integrity_check` — so
# growth that is SQLite's shows apart from the engine's. The sizes print side by side with the
# growth of each figure, so a command that grows faster than the rows, or an indexed lookup that
# does not stay flat, shows at once.
#
#   scripts/measure-scale.sh                      # 100,000 and 10,000,000 movies
#   scripts/measure-scale.sh 10000 100000         # any sizes, smallest first
#   MOVIES=path/to/movies scripts/measure-scale.sh   # another build
#
# Times are wall-clock milliseconds and include starting the process and opening the catalog
# (some 20–30 ms on a 2-core machine).
# Every fifth movie has two tags.
# Ten million movies take about 2.5 GB of disk beside 0.7 GB of CSV, in a temporary folder
# (TMPDIR picks another place), removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(100000 10000000)
# shellcheck source=scripts/measure-common.sh
. scripts/measure-common.sh
need_counts "the sizes" "${sizes[@]}"
need_gnu_time
find_movies
shell="$(command -v sqlite3 || true)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
declare -A millis peak
labels=()

# Runs one command on a catalog and keeps its time and peak memory under a label: `movies`
# with the arguments given, or (measure_with) any program.
measure() {
  local rows="$1" label="$2"; shift 2
  measure_with "$rows" "$label" "$movies" "$@"
}

measure_with() {
  local rows="$1" label="$2"; shift 2
  local start end
  start=$(date +%s%N)
  /usr/bin/time -f "%M" -o "$work/time" "$@" >"$work/out" 2>"$work/err" || {
    echo "measure-scale: '$label' failed on $rows movies:" >&2; cat "$work/err" >&2; exit 1
  }
  end=$(date +%s%N)
  read -r peak["$label,$rows"] <"$work/time"
  millis["$label,$rows"]=$(( (end - start) / 1000000 ))
  [[ " ${labels[*]} " == *" $label "* ]] || labels+=("$label")
}

for rows in "${sizes[@]}"; do
  generate_catalog "$rows" >"$work/movies.csv"
  store="$work/catalog.store"
  rm -f "$store"*
  measure "$rows" "import" --store "$store" import "$work/movies.csv" --quiet
  if [ -n "$shell" ]; then
    # SQLite's own growth for the same work, beside each command that reads or writes it all:
    # the shell's import of the file into one table, with the movies' two indexes built after.
    rm -f "$work/shell.db"
    measure_with "$rows" "sqlite3: .import, 2 indexes" "$shell" "$work/shell.db" \
      ".import --csv $(sqlite_arg "$work/movies.csv") movies" \
      'CREATE UNIQUE INDEX by_title ON movies (title, date); CREATE INDEX by_date ON movies (date, title)'
    rm -f "$work/shell.db"
  fi
  rm -f "$work/movies.csv"
  deep=$((rows * 3 / 4))
  measure "$rows" "list (first page by date)" --store "$store" list --limit 20
  measure "$rows" "list --min-rate 9" --store "$store" list --min-rate 9 --limit 20
  measure "$rows" "list --from --to (a year)" --store "$store" list --from 1950-01-01 --to 1950-12-31 --limit 20
  measure "$rows" "list --hearted" --store "$store" list --hearted --limit 20
  measure "$rows" "list --tag drama" --store "$store" list --tag drama --limit 20
  measure "$rows" "list --title-prefix" --store "$store" list --title-prefix "Movie 4242" --limit 20
  measure "$rows" "list --search" --store "$store" list --search "movie 4242," --limit 20
  measure "$rows" "list --search (a common word)" --store "$store" list --search "film" --limit 20
  measure "$rows" "list --sort rate:desc,title" --store "$store" list --sort rate:desc,title --limit 20
  measure "$rows" "list --offset 3/4 deep" --store "$store" list --offset "$deep" --limit 20 --format json
  id="$(grep -o '"id" *: *"[^"]*"' "$work/out" | tail -1 | sed 's/.*"\([^"]*\)"$/\1/')"
  if "$movies" list --help 2>&1 | grep -q -- '--after'; then
    measure "$rows" "list --after (the next page)" --store "$store" list --after "$id" --limit 20
  fi
  measure "$rows" "show ID (fetch by id)" --store "$store" show "$id"
  measure "$rows" "stats" --store "$store" stats
  measure "$rows" "export --format json (all)" --store "$store" export --format json
  if [ -n "$shell" ]; then
    measure_with "$rows" "sqlite3: every movie in list order" "$shell" -readonly "$store" \
      'SELECT * FROM movies ORDER BY date, title, id'
  fi
  measure "$rows" "store check" --store "$store" store check
  if [ -n "$shell" ]; then
    measure_with "$rows" "sqlite3: PRAGMA integrity_check" "$shell" -readonly "$store" 'PRAGMA integrity_check'
  fi
  rm -f "$store"*
done

width=30
for label in "${labels[@]}"; do if [ ${#label} -gt $width ]; then width=${#label}; fi; done
header="$(printf '%-*s' "$width" command)"
for rows in "${sizes[@]}"; do header+="$(printf '  %12s %9s' "$rows ms" "peak MiB")"; done
[ ${#sizes[@]} -gt 1 ] && header+="$(printf '  %9s' "time ×")"
echo "$header"
first="${sizes[0]}" last="${sizes[${#sizes[@]} - 1]}"
for label in "${labels[@]}"; do
  line="$(printf '%-*s' "$width" "$label")"
  for rows in "${sizes[@]}"; do
    line+="$(printf '  %12s %9s' "${millis[$label,$rows]:--}" "$(( ${peak[$label,$rows]:-0} / 1024 ))")"
  done
  if [ ${#sizes[@]} -gt 1 ] && [ -n "${millis[$label,$first]:-}" ] && [ -n "${millis[$label,$last]:-}" ]; then
    line+="$(awk -v a="${millis[$label,$first]}" -v b="${millis[$label,$last]}" \
      'BEGIN { if (a > 0) printf "  %8.1fx", b / a; else printf "  %9s", "-" }')"
  fi
  echo "$line"
done
if [ ${#sizes[@]} -gt 1 ]; then
  echo "rows grew $(awk -v a="$first" -v b="$last" 'BEGIN { printf "%.0f", b / a }')x from the first size to the last"
fi
