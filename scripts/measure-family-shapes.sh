#!/usr/bin/env bash
# Measures the two shapes a family of models could take in SQLite, with the SQL the engine
# would write for each, in the `sqlite3` shell: one table with a discriminator column (every
# member's attributes, NULL where a member has none) against a table per member read through
# UNION ALL (the shape the engine uses). Half the rows are business trips, half personal ones;
# each side has an index on the shared start date. Prints the best of RUNS runs of each query.
#
#   scripts/measure-family-shapes.sh            # 100,000 trips, 5 runs
#   scripts/measure-family-shapes.sh 1000000 3  # trips, runs
set -euo pipefail
rows="${1:-100000}"
runs="${2:-5}"
command -v sqlite3 >/dev/null || { echo "measure-family-shapes.sh needs the sqlite3 shell" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
db="$work/shapes.db"

sqlite3 "$db" >/dev/null <<SQL
PRAGMA journal_mode=WAL;
CREATE TABLE trips(id BLOB PRIMARY KEY NOT NULL, kind INTEGER NOT NULL, name TEXT NOT NULL,
  startDate REAL NOT NULL, company TEXT, companions INTEGER);
CREATE INDEX trips_start ON trips(startDate);
CREATE INDEX trips_kind ON trips(kind);
CREATE TABLE business(id BLOB PRIMARY KEY NOT NULL, name TEXT NOT NULL, startDate REAL NOT NULL, company TEXT NOT NULL);
CREATE INDEX business_start ON business(startDate);
CREATE TABLE personal(id BLOB PRIMARY KEY NOT NULL, name TEXT NOT NULL, startDate REAL NOT NULL, companions INTEGER NOT NULL);
CREATE INDEX personal_start ON personal(startDate);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $rows)
INSERT INTO trips SELECT randomblob(16), i % 2, 'Trip ' || i, abs(random() % 100000000),
  CASE WHEN i % 2 = 0 THEN 'Co ' || (i % 97) END, CASE WHEN i % 2 = 1 THEN i % 5 END FROM n;
INSERT INTO business SELECT id, name, startDate, company FROM trips WHERE kind = 0;
INSERT INTO personal SELECT id, name, startDate, companions FROM trips WHERE kind = 1;
CREATE TABLE src AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $rows / 5)
  SELECT randomblob(16) AS id, i FROM n;
ANALYZE;
SQL

union_arms() { # $1: the WHERE clause both arms share, or nothing
  echo "SELECT 0 AS _member, rowid AS _rowid, id, name, startDate, company, NULL AS companions FROM business $1
    UNION ALL SELECT 1, rowid, id, name, startDate, NULL, companions FROM personal $1"
}

# best SQL: the fastest of $runs runs, in milliseconds (a write runs in a transaction rolled back).
best() {
  local sql="$1" times=""
  for _ in $(seq "$runs"); do
    times+="$(printf '.timer on\n%s\n' "$sql" | sqlite3 "$db" | sed -n 's/^Run Time: real \([0-9.]*\).*/\1/p' | tail -1)"$'\n'
  done
  printf '%s' "$times" | sort -n | head -1 | awk '{ printf "%.1f", $1 * 1000 }'
}

row() { printf '| %s | %s ms | %s ms |\n' "$1" "$(best "$2")" "$(best "$3")"; }

date_limit=50000000
echo "$rows trips, best of $runs runs, sqlite3 $(sqlite3 --version | cut -d' ' -f1)"
echo
echo "| query | one table, discriminator | table per member (UNION ALL) |"
echo "| --- | --- | --- |"
row "the family, all, by start date" \
  "SELECT count(*), sum(length(name)) FROM (SELECT * FROM trips ORDER BY startDate, id);" \
  "SELECT count(*), sum(length(name)) FROM ($(union_arms "") ORDER BY startDate, id);"
row "the family, first 50 after a date, by start date" \
  "SELECT count(*) FROM (SELECT * FROM trips WHERE startDate > $date_limit ORDER BY startDate, id LIMIT 50);" \
  "SELECT count(*) FROM ($(union_arms "WHERE startDate > $date_limit") ORDER BY startDate, id LIMIT 50);"
row "the family, count of a shared attribute's filter (no index)" \
  "SELECT count(*) FROM trips WHERE name LIKE 'Trip 1%';" \
  "SELECT count(*) FROM (SELECT 1 FROM business WHERE name LIKE 'Trip 1%' UNION ALL SELECT 1 FROM personal WHERE name LIKE 'Trip 1%');"
row "one member, all" \
  "SELECT count(*), sum(length(company)) FROM (SELECT * FROM trips WHERE kind = 0);" \
  "SELECT count(*), sum(length(company)) FROM (SELECT * FROM business);"
row "one member, first 50 by start date" \
  "SELECT count(*) FROM (SELECT * FROM trips WHERE kind = 0 ORDER BY startDate, id LIMIT 50);" \
  "SELECT count(*) FROM (SELECT * FROM business ORDER BY startDate, id LIMIT 50);"
row "insert $((rows / 5)) of one member (per member: and look its ids up in the other)" \
  "BEGIN; INSERT INTO trips SELECT id, 1, 'New ' || i, i, NULL, 2 FROM src; ROLLBACK;" \
  "BEGIN; SELECT count(*) FROM src WHERE EXISTS (SELECT 1 FROM business AS b WHERE b.id = src.id);
   INSERT INTO personal SELECT id, 'New ' || i, i, 2 FROM src; ROLLBACK;"
