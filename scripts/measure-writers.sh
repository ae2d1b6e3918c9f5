#!/usr/bin/env bash
# Measures several processes writing one store at once, each write its own transaction: W
# processes × COUNT writes (4 and 16 × 1,000 by default) on one SQLite catalog through the
# engine, and on one PostgreSQL database through libpq. Prints, for each, the rows written,
# the elapsed time from the common start to the last writer's end, writes per second, and the
# writes lost or stored twice (both must be 0: the run fails otherwise).
#
#   scripts/measure-writers.sh                  # 4 and 16 writers × 1,000 writes
#   scripts/measure-writers.sh 4,8,16 500       # WRITERS COUNT
#   POSTGRES_URL=postgres://me@host/db scripts/measure-writers.sh
#
# Without POSTGRES_URL it starts a throwaway PostgreSQL cluster (PostgreSQL's server must be
# installed: apt-get install postgresql) with its durable defaults, each commit synced to disk
# as SQLite syncs each of its own. Set WRITER_THROUGHPUT to a built writer-throughput to skip
# the release build.
set -euo pipefail
cd "$(dirname "$0")/.."
writers="${1:-4,16}"
count="${2:-1000}"
# shellcheck source=scripts/measure-common.sh
. scripts/measure-common.sh
find_tool writer-throughput WRITER_THROUGHPUT
arguments=(--writers "$writers" --count "$count")
if [ -n "${POSTGRES_URL:-}" ]; then arguments+=(--postgres "$POSTGRES_URL"); fi
"$tool" "${arguments[@]}"
