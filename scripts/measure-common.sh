# Shared steps of the measure-*.sh scripts, sourced by them (not run on its own).

# Sets `movies` to the binary to measure: $MOVIES, or a release build made here.
find_movies() {
  movies="${MOVIES:-}"
  if [ -z "$movies" ]; then
    scripts/bootstrap.sh
    swift build -c release --product movies >/dev/null
    movies="$(swift build -c release --show-bin-path)/movies"
  fi
}

# Sets `tool` to the benchmark program PRODUCT: the path in the variable named VARIABLE when it
# is set, else a release build made here.
find_tool() {
  local product="$1" variable="$2"
  tool="${!variable:-}"
  if [ -z "$tool" ]; then
    scripts/bootstrap.sh
    swift build -c release --product "$product" >/dev/null
    tool="$(swift build -c release --show-bin-path)/$product"
  fi
}

# Prints a path as one argument of a sqlite3 shell dot-command (`.import`, `.read`), which splits
# its arguments at spaces: in double quotes, with backslashes and double quotes escaped.
sqlite_arg() {
  local text="${1//\\/\\\\}"
  printf '"%s"' "${text//\"/\\\"}"
}

# Ends the script, saying so, unless every value after the first argument (what they are, for
# the message) is a whole number of at least 1: `awk` would count to "abc" forever.
need_counts() {
  local what="$1" value; shift
  for value in "$@"; do
    [[ "$value" =~ ^[1-9][0-9]*$ ]] || {
      echo "$(basename "$0"): $what must be whole numbers of at least 1, not '$value'" >&2
      exit 2
    }
  done
}

# Installs the Debian package PACKAGE with apt-get when COMMAND (a name or a path) is missing,
# and ends the script saying what it needs when COMMAND is missing still.
need_command() {
  local command="$1" package="$2"
  command -v "$command" >/dev/null && return
  local sudo_cmd=""; [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  { $sudo_cmd apt-get update -qq && $sudo_cmd apt-get install -y -qq "$package" >/dev/null; } || true
  command -v "$command" >/dev/null || {
    echo "$(basename "$0"): needs $command (Debian's $package package), which could not be installed" >&2
    exit 1
  }
}

# Installs GNU time, which reports a process's peak memory, when it is missing.
need_gnu_time() { need_command /usr/bin/time time; }

# Writes a generated catalog of ROWS movies as CSV to standard output: dates repeat (so a
# sort by date has ties to break) and every fifth movie has two tags.
generate_catalog() {
  awk -v rows="$1" 'BEGIN {
    print "title,date,content,rate,heart,tags"
    for (i = 0; i < rows; i++)
      printf "Movie %d,%04d-%02d-%02d,\"Notes about movie %d, a fine film.\",%d,%d,%s\n",
        i, 1900 + i % 125, 1 + i % 12, 1 + i % 28, i, i % 11, i % 4, (i % 5 == 0 ? "drama|classic" : "")
  }'
}
