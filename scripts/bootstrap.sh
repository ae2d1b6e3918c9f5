#!/usr/bin/env bash
# Installs what the package needs beyond the Swift toolchain: SQLite's and libpq's headers and
# libraries (Debian's libsqlite3-dev and libpq-dev) and pkg-config, which SwiftPM uses to find
# them. (PostgreSQL's server is optional: its tests are skipped without it — see .ci/run.)
# Does nothing when they are already there.
set -euo pipefail

have_sqlite() {
  command -v pkg-config >/dev/null 2>&1 && pkg-config --exists sqlite3 libpq
}

if have_sqlite; then
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "bootstrap: install the development files of SQLite (sqlite3.h, libsqlite3) and libpq (libpq-fe.h, libpq), and pkg-config, then retry." >&2
  exit 1
fi

run_as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null 2>&1; then sudo "$@"; else
    echo "bootstrap: need root to run: $*" >&2
    exit 1
  fi
}

echo "bootstrap: installing libsqlite3-dev, libpq-dev and pkg-config" >&2
export DEBIAN_FRONTEND=noninteractive
run_as_root apt-get update -qq
run_as_root apt-get install -y -qq libsqlite3-dev libpq-dev pkg-config >/dev/null
have_sqlite
