#!/usr/bin/env bash
# Measures `movies import` against the sqlite3 shell's `.import`, side by side in one run, on
# the same generated CSV file: wall time and peak resident memory of each.
#
#   scripts/measure-import.sh                   # 100,000 rows, 3 runs
#   RUNS=1 scripts/measure-import.sh 1000000    # a million rows, one run
#   MOVIES=path/to/movies scripts/measure-import.sh   # another build
#
# Each run times both sides back to back; the figures are the medians of the runs (wall and CPU
# times, and the runs' own ratios of each), with the range of the wall-time ratios, and the
# load average when it ended.
#
# sqlite3 imports into a plain table of text columns (no types, no indexes, no checks);
# movies parses and checks every row, and upserts it into the catalog's indexed tables. A third
# side shows what the catalog's tables cost SQLite alone: the shell's `.import`, then the same
# rows written into an empty catalog by SQL (scripts/import-by-sql.sql), without parsing,
# checking or history; `movies import` is compared with both.
set -euo pipefail
cd "$(dirname "$0")/.."
rows="${1:-100000}"
runs="${RUNS:-3}"
# shellcheck source=scripts/measure-common.sh
. scripts/measure-common.sh
need_counts "the rows and RUNS" "$rows" "$runs"
need_gnu_time
need_command sqlite3 sqlite3
find_movies

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# An empty catalog of the current schema, copied for each run of the SQL side.
printf 'title,date\n' >"$work/header.csv"
"$movies" --store "$work/empty.store" import "$work/header.csv" --quiet >/dev/null
# Rows like an export's: an id, a unique title, text with a quoted comma, a date, a rate,
# hearts, and (in the second file) two tags of twenty-two.
generate() {
  awk -v rows="$rows" -v tags="$1" 'BEGIN {
    srand(42)
    print "id,title,content,date,rate,heart,tags"
    for (i = 1; i <= rows; i++) {
      printf "%08x-%04x-4%03x-%04x-%04x%08x,Movie %d,\"A film, number %d, about things\",%04d-%02d-%02d,%d,%d,",
        int(rand() * 4294967296), int(rand() * 65536), int(rand() * 4096), 32768 + int(rand() * 16384),
        int(rand() * 65536), int(rand() * 4294967296), i, i,
        1900 + int(rand() * 125), 1 + int(rand() * 12), 1 + int(rand() * 28), int(rand() * 11), int(rand() * 5)
      if (tags) printf "genre%d|decade%d", i % 10, i % 12
      printf "\n"
    }
  }'
}

# Runs a command, printing "milliseconds peak-KiB CPU-milliseconds" (user and system time,
# which other work on a busy machine moves less than the wall time).
measure() {
  local start end
  start=$(date +%s%N)
  /usr/bin/time -f "%M %U %S" -o "$work/rss" "$@" >/dev/null || {
    echo "measure-import: $(basename "$1") failed on $rows rows" >&2; exit 1
  }
  end=$(date +%s%N)
  read -r kib user system <"$work/rss"
  echo "$(( (end - start) / 1000000 )) $kib $(awk -v u="$user" -v s="$system" 'BEGIN { print (u + s) * 1000 }')"
}

# The median of the numbers given, one a line.
median() {
  sort -g | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}

echo "import of $rows CSV rows, SQLite $(sqlite3 --version | cut -d' ' -f1); medians of $runs runs each"
printf "%-42s %10s %12s %10s %8s %9s  %s\n" "" "time" "peak memory" "CPU" "ratio" "CPU ratio" "ratio range"
for tags in 0 1; do
  csv="$work/movies-$tags.csv"
  generate "$tags" >"$csv"
  label=$([ "$tags" = 1 ] && echo "two tags a row" || echo "no tags")
  : >"$work/runs"
  for run in $(seq "$runs"); do
    rm -f "$work"/plain.db* "$work"/schema.store* && rm -rf "$work"/catalog.store*
    cp "$work/empty.store" "$work/schema.store"
    read -r sqlite_ms sqlite_kib sqlite_cpu < <(measure sqlite3 "$work/plain.db" ".mode csv" \
      ".import $(sqlite_arg "$csv") movies")
    read -r schema_ms schema_kib schema_cpu < <(measure sqlite3 "$work/schema.store" ".mode csv" \
      ".import $(sqlite_arg "$csv") input" ".read $(sqlite_arg scripts/import-by-sql.sql)")
    read -r movies_ms movies_kib movies_cpu < <(measure "$movies" --store "$work/catalog.store" import "$csv" --quiet)
    echo "$sqlite_ms $sqlite_kib $sqlite_cpu $movies_ms $movies_kib $movies_cpu" \
      "$(awk -v a="$movies_ms" -v b="$sqlite_ms" 'BEGIN { print a / b }')" \
      "$(awk -v a="$movies_cpu" -v b="$sqlite_cpu" 'BEGIN { print (b > 0 ? a / b : "-") }')" \
      "$schema_ms $schema_kib $schema_cpu" \
      "$(awk -v a="$movies_ms" -v b="$schema_ms" 'BEGIN { print a / b }')" \
      "$(awk -v a="$movies_cpu" -v b="$schema_cpu" 'BEGIN { print (b > 0 ? a / b : "-") }')" >>"$work/runs"
  done
  column() { awk -v c="$1" '{ print $c }' "$work/runs" | median; }
  # A CPU ratio is "-" in a run whose sqlite3 side used no measurable CPU (under 10 ms).
  cpu_ratio() {
    local values
    values=$(awk -v c="$1" '$c != "-" { print $c }' "$work/runs")
    if [ -n "$values" ]; then printf '%.2fx' "$(median <<<"$values")"; else printf -- '-'; fi
  }
  ratios=$(awk '{ print $7 }' "$work/runs" | sort -g | awk 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%.2f-%.2fx", lo, hi }')
  printf "%-42s %7.0f ms %8d MiB %7.0f ms\n" "sqlite3 .import ($label, $(( $(stat -c %s "$csv") / 1048576 )) MiB)" \
    "$(column 1)" "$(( $(column 2 | cut -d. -f1) / 1024 ))" "$(column 3)"
  printf "%-42s %7.0f ms %8d MiB %7.0f ms\n" "sqlite3 into the catalog's tables, by SQL" \
    "$(column 9)" "$(( $(column 10 | cut -d. -f1) / 1024 ))" "$(column 11)"
  printf "%-42s %7.0f ms %8d MiB %7.0f ms %7.2fx %9s  %s\n" "movies import ($label)" "$(column 4)" \
    "$(( $(column 5 | cut -d. -f1) / 1024 ))" "$(column 6)" "$(column 7)" "$(cpu_ratio 8)" "$ratios"
  printf "%-42s %10s %12s %10s %7.2fx %9s\n" "  against the catalog's tables by SQL" "" "" "" \
    "$(column 12)" "$(cpu_ratio 13)"
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "target: at most 2.5x the sqlite3 shell's .import without tags, 3x with two tags a row"
