#!/usr/bin/env bash
# Measures `movies import` against the sqlite3 shell's `.import`, side by side in one run, on
# the same generated CSV file: wall time and peak resident memory of each.
#
#   scripts/measure-import.sh                   # 100,000 rows, best of 3 runs
#   RUNS=1 scripts/measure-import.sh 1000000    # a million rows, one run
#
# sqlite3 imports into a plain table of text columns (no types, no indexes, no checks);
# movies parses and checks every row, and upserts it into the catalog's indexed tables.
set -euo pipefail
cd "$(dirname "$0")/.."
rows="${1:-100000}"
runs="${RUNS:-3}"
scripts/bootstrap.sh
need=()
command -v sqlite3 >/dev/null || need+=(sqlite3)
[ -x /usr/bin/time ] || need+=(time)
if [ ${#need[@]} -gt 0 ]; then
  sudo_cmd=""; [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq && $sudo_cmd apt-get install -y -qq "${need[@]}" >/dev/null
fi
swift build -c release --product movies >/dev/null
movies="$(swift build -c release --show-bin-path)/movies"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
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

# Runs a command, printing "milliseconds peak-KiB".
measure() {
  local start end
  start=$(date +%s%N)
  /usr/bin/time -f "%M" -o "$work/rss" "$@" >/dev/null
  end=$(date +%s%N)
  echo "$(( (end - start) / 1000000 )) $(cat "$work/rss")"
}

echo "import of $rows CSV rows, SQLite $(sqlite3 --version | cut -d' ' -f1); best of $runs runs each"
printf "%-42s %10s %12s %8s\n" "" "time" "peak memory" "ratio"
for tags in 0 1; do
  csv="$work/movies-$tags.csv"
  generate "$tags" >"$csv"
  label=$([ "$tags" = 1 ] && echo "two tags a row" || echo "no tags")
  best_sqlite=""; best_movies=""
  for run in $(seq "$runs"); do
    rm -f "$work"/plain.db* && rm -rf "$work"/catalog.store*
    read -r ms kib < <(measure sqlite3 "$work/plain.db" ".mode csv" ".import $csv movies")
    if [ -z "$best_sqlite" ] || [ "$ms" -lt "${best_sqlite% *}" ]; then best_sqlite="$ms $kib"; fi
    read -r ms kib < <(measure "$movies" --store "$work/catalog.store" import "$csv" --quiet)
    if [ -z "$best_movies" ] || [ "$ms" -lt "${best_movies% *}" ]; then best_movies="$ms $kib"; fi
  done
  read -r sqlite_ms sqlite_kib <<<"$best_sqlite"
  read -r movies_ms movies_kib <<<"$best_movies"
  printf "%-42s %7d ms %8d MiB\n" "sqlite3 .import ($label, $(( $(stat -c %s "$csv") / 1048576 )) MiB)" \
    "$sqlite_ms" $((sqlite_kib / 1024))
  printf "%-42s %7d ms %8d MiB %7.2fx\n" "movies import ($label)" "$movies_ms" $((movies_kib / 1024)) \
    "$(awk -v a="$movies_ms" -v b="$sqlite_ms" 'BEGIN { print a / b }')"
done
echo "target: at most 3x the sqlite3 shell"
