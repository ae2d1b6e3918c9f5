#!/usr/bin/env bash
# Prints every figure of the README's performance table in one run, one after the other on the
# same machine and the same builds: the benchmark's phases against the raw SQLite C API (median
# and range of the rounds' ratios, and the target), `movies import` against the sqlite3 shell,
# and the commands on a generated catalog of 200,000 movies (CATALOG) (`list --search`, a deep page by
# `--offset` and by `--after`, `show`, `stats`, `store check`).
#
#   scripts/measure-performance.sh               # 100,000 rows, 5 benchmark rounds, 3 import runs
#   ROWS=2000 ROUNDS=1 RUNS=1 CATALOG=20000 scripts/measure-performance.sh   # a quick look
#   MOVIES=path/to/movies BENCHMARK=path/to/movies-benchmark scripts/measure-performance.sh
#
# It takes ten minutes or so on two cores. Ratios are each run's own; a machine busy with other
# work moves them, so the load average is printed before and after.
set -euo pipefail
cd "$(dirname "$0")/.."
rows="${ROWS:-100000}"
rounds="${ROUNDS:-5}"
runs="${RUNS:-3}"
catalog="${CATALOG:-200000}"
# shellcheck source=scripts/measure-common.sh
. scripts/measure-common.sh
need_counts "ROWS, ROUNDS, RUNS and CATALOG" "$rows" "$rounds" "$runs" "$catalog"
# What measure-import.sh needs, asked for before the benchmark's minutes rather than after.
need_gnu_time
need_command sqlite3 sqlite3
find_movies
find_tool movies-benchmark BENCHMARK
export MOVIES="$movies"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "== $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "== movies-benchmark --rows $rows --rounds $rounds: engine / raw SQLite C API"
"$tool" --rows "$rows" --rounds "$rounds" --json >"$work/benchmark.json"
# The JSON's keys come sorted, each on a line of its own: a phase's ratios come before its
# name, its target after; a figure's unit and value after its name; a section's title after
# its figures, phases and remarks (the first has none: it is the movies'), so each section is
# held until it closes.
awk '
  function number(line) { sub(/.*: */, "", line); sub(/,$/, "", line); return line + 0 }
  function text(line) { sub(/^[^:]*: *"/, "", line); sub(/",?$/, "", line); gsub(/\\\//, "/", line); return line }
  /"maxRatio"/ { high = number($0) }
  /"medianRatio"/ { median = number($0) }
  /"minRatio"/ { low = number($0) }
  /"frameworkMedianMs"/ { engineMs = number($0) }
  /"rawMedianMs"/ { rawMs = number($0) }
  /"name"/ { name = text($0); figure = 1 }
  /"unit"/ { unit = text($0) }
  /"value"/ && figure { held = held sprintf("  %-62s %10.2f %s\n", name, number($0), unit); figure = 0 }
  /"target"/ {
    target = $0 ~ /null/ ? "" : sprintf("<= %.2fx", number($0))
    if (!phases++) held = held sprintf("  %-62s %8s %13s %10s %10s  %s\n", "phase", "median", "range", "engine ms", "raw ms", "target")
    held = held sprintf("  %-62s %7.2fx %5.2f-%5.2fx %10.1f %10.1f  %s\n", name, median, low, high, engineMs, rawMs, target)
    figure = 0
  }
  /"remarks"/ { remarks = 1; next }
  remarks && /^ *\]/ { remarks = 0 }
  remarks { line = $0; sub(/^ *"/, "", line); sub(/",?$/, "", line); held = held "  " line "\n" }
  /"title"/ { title = text($0) }
  /^    \},?$/ { printf "%s\n%s", (title == "" ? "Movies" : title), held; held = ""; title = ""; phases = 0 }
' "$work/benchmark.json"
echo
echo "== scripts/measure-import.sh $rows (RUNS=$runs)"
RUNS="$runs" scripts/measure-import.sh "$rows"
echo
echo "== scripts/measure-scale.sh $catalog"
scripts/measure-scale.sh "$catalog"
echo
echo "== load average at the end $(cut -d' ' -f1-3 /proc/loadavg)"
