#!/usr/bin/env bash
# Measures what an idle `movies watch` costs: it starts a watch on a fresh store file, on a
# fresh database of a throwaway PostgreSQL cluster, and on that database while a commit is held
# back (another session's transaction, begun before it, still open), leaves each idle SECONDS
# (20 by default), and prints the wake-ups it had (voluntary and involuntary context switches,
# summed over its threads from /proc/PID/task/*/status) and the CPU time it used (utime+stime
# from /proc/PID/stat, in clock ticks of 10 ms, and the threads' exact run time from
# /proc/PID/task/*/schedstat, over the threads alive at the end).
#
#   scripts/measure-idle-watch.sh          # 20 s idle each
#   scripts/measure-idle-watch.sh 60       # SECONDS
#   MOVIES=path/to/movies scripts/measure-idle-watch.sh 20
#
# The binary is $MOVIES, else .build/release/movies, else .build/debug/movies (build one first:
# `swift build -c release --product movies`). The cluster needs PostgreSQL's server programs
# (apt-get install postgresql); without them only the store file is measured. Linux only.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-20}"
# shellcheck source=scripts/measure-common.sh
. scripts/measure-common.sh
need_counts SECONDS "$seconds"
movies="${MOVIES:-}"
for built in .build/release/movies .build/debug/movies; do
  if [ -z "$movies" ] && [ -x "$built" ]; then movies="$PWD/$built"; fi
done
[ -n "$movies" ] || { echo "measure-idle-watch.sh: no movies binary; set MOVIES or build one" >&2; exit 1; }

work="$(mktemp -d)"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  if [ -n "${pg_bin:-}" ] && [ -f "$work/pg/data/postmaster.pid" ]; then
    as_server_user "$pg_bin/pg_ctl" -D "$work/pg/data" -m immediate stop >/dev/null 2>&1 || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

# Runs a command as the cluster's user: ourselves, or `nobody` when we are root.
as_server_user() {
  if [ "$(id -u)" -eq 0 ]; then setpriv --reuid=nobody --regid=nogroup --clear-groups -- "$@"; else "$@"; fi
}

# One line per thread of the process: its id, context switches (voluntary and involuntary:
# its wake-ups) and run time in nanoseconds.
threads() {
  local task
  for task in /proc/"$1"/task/*; do
    awk -v tid="${task##*/}" '$1 ~ /ctxt_switches:$/ { sum += $2 } END { printf "%s %d ", tid, sum }' \
      "$task/status" 2>/dev/null && awk '{ print $1 }' "$task/schedstat" 2>/dev/null || true
  done
}

# What the threads of a first listing did by a second one, summed: wake-ups and nanoseconds
# run. A thread that ended between the two is left out, one that began counts from nothing.
growth() {
  awk 'NR == FNR { switches[$1] = $2; run[$1] = $3; next }
    NF == 3 { w += $2 - switches[$1]; r += $3 - run[$1] } END { printf "%d %d\n", w, r }' "$1" "$2"
}

# The process's CPU time so far, in clock ticks (utime+stime, its ended threads included).
ticks() { awk '{ sub(/.*\) /, ""); print $12 + $13 }' /proc/"$1"/stat; }

# Starts `movies watch` on STORE, waits for its first listing, leaves it idle, and prints a row.
measure() {
  local label="$1" store="$2" out="$work/watch-$RANDOM.out"
  "$movies" watch --store "$store" >"$out" 2>&1 &
  local pid=$!
  pids+=("$pid")
  for _ in $(seq 600); do [ -s "$out" ] && break; sleep 0.05; done
  [ -s "$out" ] || { echo "measure-idle-watch.sh: the watch on $label printed nothing" >&2; exit 1; }
  sleep 1 # Let it settle after its first listing.
  local ticks0 ticks1 wakes run
  ticks0=$(ticks "$pid")
  threads "$pid" >"$out.before"
  sleep "$seconds"
  threads "$pid" >"$out.after"
  ticks1=$(ticks "$pid")
  read -r wakes run < <(growth "$out.before" "$out.after")
  local tick_ms=$((1000 / $(getconf CLK_TCK)))
  awk -v label="$label" -v s="$seconds" -v w="$wakes" -v t="$(((ticks1 - ticks0) * tick_ms))" -v r="$run" \
    'BEGIN { printf "%-28s %9d %12.1f %14d %13.1f\n", label, w, w / s, t, r / 1e6 }'
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}

printf "idle %d s, %s\n" "$seconds" "$movies"
printf "%-28s %9s %12s %14s %13s\n" "store" "wake-ups" "wake-ups/s" "utime+stime ms" "run time ms"
file="$work/idle.store"
"$movies" add --store "$file" --title Alien --date 1979-05-25 >/dev/null
measure "file" "$file"

pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$pg_bin" ] || [ ! -x "$pg_bin/initdb" ]; then
  echo "(no PostgreSQL server installed: the database is not measured)"
  exit 0
fi
mkdir -p "$work/pg"
chmod 755 "$work"
if [ "$(id -u)" -eq 0 ]; then chown nobody:nogroup "$work/pg"; fi
as_server_user "$pg_bin/initdb" -D "$work/pg/data" -U postgres -A trust -E UTF8 --locale=C --no-sync \
  >"$work/pg/initdb.log" 2>&1 || { cat "$work/pg/initdb.log" >&2; exit 1; }
port=""
for _ in $(seq 20); do
  candidate=$((20000 + RANDOM % 20000))
  if as_server_user "$pg_bin/pg_ctl" -D "$work/pg/data" -l "$work/pg/server.log" -w \
    -o "-p $candidate -c listen_addresses=127.0.0.1 -k $work/pg" start >/dev/null 2>&1; then
    port=$candidate
    break
  fi
done
[ -n "$port" ] || { echo "measure-idle-watch.sh: the cluster did not start" >&2; cat "$work/pg/server.log" >&2; exit 1; }
as_server_user "$pg_bin/createdb" -h 127.0.0.1 -p "$port" -U postgres movies
url="postgres://postgres@127.0.0.1:$port/movies"
"$movies" add --store "$url" --title Alien --date 1979-05-25 >/dev/null
measure "PostgreSQL" "$url"

# Another session begins a transaction and keeps it open: a commit after it is held back (not
# yet read, since the session's own could still commit before it) until that one ends.
mkfifo "$work/held"
"$pg_bin/psql" -q -h 127.0.0.1 -p "$port" -U postgres movies <"$work/held" >/dev/null &
pids+=("$!")
exec 3>"$work/held"
echo "BEGIN; SELECT txid_current();" >&3
sleep 0.5
"$movies" add --store "$url" --title Heat --date 1995-12-15 >/dev/null
measure "PostgreSQL, commit held back" "$url"
echo "COMMIT;" >&3
exec 3>&-
