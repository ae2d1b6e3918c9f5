#!/usr/bin/env bash
# A PostgreSQL server of your own for the catalog, in a folder, on the loopback interface only.
#
#   eval "$(scripts/local-postgres.sh start)"   # starts it (installing Debian's postgresql if
#                                                # missing) and exports MOVIES_STORE
#   scripts/local-postgres.sh stop              # stops it; the data stays in the folder
#   scripts/local-postgres.sh url               # prints its connection URL
#   scripts/local-postgres.sh createdb NAME     # creates another, empty database and prints
#                                                # its URL (for `movies store copy --to`)
#   scripts/local-postgres.sh dropdb NAME       # deletes a database made so, with its rows
#
# The folder is $MOVIES_POSTGRES_DIR, else ~/.local/share/movies/postgres (as root,
# /var/lib/movies/postgres); the port is
# $MOVIES_POSTGRES_PORT, else 54329. The server accepts connections from this machine only,
# as the user `postgres` without a password (trust on loopback), and holds one database,
# `movies`. As root (PostgreSQL refuses to run as root) it runs as the user `nobody`, and the
# folder belongs to that user. What it says goes to standard error; standard output carries
# only the `export` line, for eval.
set -euo pipefail

if [ "$(id -u)" -eq 0 ]; then
  # `nobody` cannot reach a folder under root's home.
  folder=${MOVIES_POSTGRES_DIR:-/var/lib/movies/postgres}
else
  folder=${MOVIES_POSTGRES_DIR:-${XDG_DATA_HOME:-$HOME/.local/share}/movies/postgres}
fi
port=${MOVIES_POSTGRES_PORT:-54329}
url="postgres://postgres@127.0.0.1:$port/movies"

say() { echo "local-postgres: $*" >&2; }

bin_folder() {
  local found
  found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$found" ] && [ -x "$found/initdb" ]; then echo "$found"; fi
}

install_server() {
  if [ -n "$(bin_folder)" ]; then return; fi
  command -v apt-get >/dev/null 2>&1 || { say "install PostgreSQL's server (initdb, pg_ctl), then retry"; exit 1; }
  say "installing Debian's postgresql package"
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo=sudo; fi
  DEBIAN_FRONTEND=noninteractive $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql >/dev/null
}

# Runs a command as the server's user: ourselves, or `nobody` when we are root.
as_server_user() {
  if [ "$(id -u)" -eq 0 ]; then setpriv --reuid=nobody --regid=nogroup --clear-groups -- "$@"; else "$@"; fi
}

start() {
  install_server
  local bin
  bin=$(bin_folder)
  mkdir -p "$folder"
  chmod 700 "$folder"
  if [ "$(id -u)" -eq 0 ]; then chown nobody:nogroup "$folder"; fi
  if [ ! -f "$folder/data/PG_VERSION" ]; then
    say "creating a cluster in $folder/data"
    as_server_user "$bin/initdb" -D "$folder/data" -U postgres -A trust --encoding=UTF8 --locale=C >"$folder/initdb.log" 2>&1 \
      || { say "initdb failed; see $folder/initdb.log"; exit 1; }
  fi
  if as_server_user "$bin/pg_ctl" -D "$folder/data" status >/dev/null 2>&1; then
    say "already running on port $port (data in $folder/data)"
  else
    as_server_user "$bin/pg_ctl" -D "$folder/data" -l "$folder/server.log" -w \
      -o "-p $port -c listen_addresses=127.0.0.1 -k $folder" start >/dev/null \
      || { say "the server did not start; see $folder/server.log"; exit 1; }
    say "started on 127.0.0.1:$port (data in $folder/data)"
  fi
  if ! as_server_user "$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -tAc \
    "SELECT 1 FROM pg_database WHERE datname = 'movies'" postgres | grep -q 1; then
    as_server_user "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres movies
    say "created the database movies"
  fi
  echo "export MOVIES_STORE=$url"
}

# Creates (or, dropping, deletes) a database of the running server; prints a new one's URL.
database() {
  local action="$1" name="${2:-}"
  [[ "$name" =~ ^[a-z_][a-z0-9_]*$ ]] || { say "a database name is lower-case letters, digits and _"; exit 2; }
  [ "$action" = createdb ] || [ "$name" != movies ] || { say "the database movies is the catalog's; not dropped"; exit 2; }
  local bin
  bin=$(bin_folder)
  if [ -z "$bin" ] || ! as_server_user "$bin/pg_ctl" -D "$folder/data" status >/dev/null 2>&1; then
    say "no server running in $folder; start it first"; exit 1
  fi
  as_server_user "$bin/$action" -h 127.0.0.1 -p "$port" -U postgres "$name"
  if [ "$action" = createdb ]; then echo "postgres://postgres@127.0.0.1:$port/$name"; else say "dropped $name"; fi
}

usage() {
  sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
}

stop() {
  local bin
  bin=$(bin_folder)
  if [ -z "$bin" ] || [ ! -d "$folder/data" ]; then say "no server in $folder"; return; fi
  as_server_user "$bin/pg_ctl" -D "$folder/data" -m fast stop >/dev/null && say "stopped"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  url) echo "$url" ;;
  createdb | dropdb) database "$1" "${2:-}" ;;
  -h | --help | help) usage ;;
  *) echo "usage: $0 start|stop|url|createdb NAME|dropdb NAME|--help" >&2; exit 2 ;;
esac
