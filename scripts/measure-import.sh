#!/usr/bin/env bash
# Measures `movies import` against the sqlite3 shell's `.import`, side by side in one run, on
# the same generated CSV file: wall time and peak resident memory of each.
#
#   scripts/measure-import.sh            # 100,000 rows
#   scripts/measure-import.sh 1000000    # any number of rows
#
# sqlite3 imports into a plain table of text columns (no types, no indexes, no checks);
# movies parses and checks every row, and upserts it into the catalog's indexed tables.
set -euo pipefail
cd "$(dirname "$0")/.."
rows="${1:-100000}"
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
csv="$work/movies.csv"
# Rows like an export's: an id, a unique title, text with a quoted comma, a date, a rate,
# hearts, and two tags of ten.
awk -v rows="$rows" 'BEGIN {
  srand(42)
  print "id,title,content,date,rate,heart,tags"
  for (i = 1; i <= rows; i++) {
    printf "%08x-%04x-4%03x-%04x-%04x%08x,Movie %d,\"A film, number %d, about things\",%04d-%02d-%02d,%d,%d,genre%d|decade%d\n",
      int(rand() * 4294967296), int(rand() * 65536), int(rand() * 4096), 32768 + int(rand() * 16384),
      int(rand() * 65536), int(rand() * 4294967296), i, i,
      1900 + int(rand() * 125), 1 + int(rand() * 12), 1 + int(rand() * 28),
      int(rand() * 11), int(rand() * 5), i % 10, i % 12
  }
}' >"$csv"

# Runs a command, printing "seconds peak-KiB".
measure() {
  local start end
  start=$(date +%s%N)
  /usr/bin/time -f "%M" -o "$work/rss" "$@" >/dev/null
  end=$(date +%s%N)
  echo "$(( (end - start) / 1000000 )) $(cat "$work/rss")"
}

read -r sqlite_ms sqlite_kib < <(measure sqlite3 "$work/plain.db" ".mode csv" ".import $csv movies")
read -r movies_ms movies_kib < <(measure "$movies" --store "$work/catalog.store" import "$csv" --quiet)
imported=$("$movies" --store "$work/catalog.store" stats --format json | sed -n 's/.*"count" *: *\([0-9]*\).*/\1/p' | head -1)

echo "import of $rows CSV rows ($(( $(stat -c %s "$csv") / 1024 )) KiB), SQLite $(sqlite3 --version | cut -d' ' -f1)"
printf "%-28s %10s %12s\n" "" "time" "peak memory"
printf "%-28s %8d ms %9d MiB\n" "sqlite3 .import" "$sqlite_ms" $((sqlite_kib / 1024))
printf "%-28s %8d ms %9d MiB\n" "movies import" "$movies_ms" $((movies_kib / 1024))
awk -v a="$movies_ms" -v b="$sqlite_ms" 'BEGIN { printf "ratio: %.2fx the sqlite3 shell (target 3x)\n", a / b }'
[ -z "$imported" ] || echo "movies stored: $imported"
