#!/usr/bin/env bash
# Proves the one API from outside: a scratch package that depends on this one through SwiftPM
# by a version tag (of a scratch clone of HEAD, tagged 0.1.0), not by a path, writes
# SwiftData-style code once — a container, a context, inserts, a `#Predicate` fetch, a history
# read, an observer — and runs it unchanged on a store file and on a PostgreSQL database (a
# throwaway server of scripts/local-postgres.sh). Both runs must print the same lines.
#
#   scripts/check-consumer.sh
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SCRATCH="$(mktemp -d "${TMPDIR:-/tmp}/consumer-check.XXXXXX")"
chmod 755 "$SCRATCH"
export MOVIES_POSTGRES_DIR="$SCRATCH/postgres" MOVIES_POSTGRES_PORT="${CONSUMER_POSTGRES_PORT:-54339}"
cleanup() {
  "$ROOT/scripts/local-postgres.sh" stop >/dev/null 2>&1 || true
  rm -rf "$SCRATCH"
}
trap cleanup EXIT
started=$SECONDS

git clone --quiet "$ROOT" "$SCRATCH/upstream"
git -C "$SCRATCH/upstream" tag 0.1.0
mkdir -p "$SCRATCH/notes/Sources/notes"
cat >"$SCRATCH/notes/Package.swift" <<EOF
// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "Notes",
  dependencies: [.package(url: "file://$SCRATCH/upstream", from: "0.1.0")],
  targets: [
    .executableTarget(
      name: "notes",
      dependencies: [
        .product(name: "Persistence", package: "upstream"), .product(name: "Repositories", package: "upstream"),
      ])
  ]
)
EOF

cat >"$SCRATCH/notes/Sources/notes/main.swift" <<'EOF'
import Foundation
import Persistence
import Repositories

struct Note: PersistentModel {
  var id: UUID
  var title: String
  var stars: Int
}

// The one line that differs between a file and a server: the configuration's URL.
let configuration = ModelConfiguration("Notes", url: URL(string: CommandLine.arguments[1])!)
let container = try ModelContainer(for: Note.self, configurations: configuration)

let context = try ModelContext(container)
context.author = "writer"
for (title, stars) in [("Groceries", 2), ("Novel", 5), ("Taxes", 4)] {
  context.insert(Note(id: UUID(), title: title, stars: stars))
}
try context.save()
let good = try context.fetch(FetchDescriptor<Note>(predicate: #Predicate { $0.stars >= 4 }, sortBy: [SortDescriptor(\.title)]))
print("good:", good.map(\.title).joined(separator: ", "))

let history = try container.fetchHistory()
print("history:", history.map { "\($0.author ?? "-") \($0.changes.count)" }.joined(separator: "; "))

let observer = try container.history(of: [Note.self])
let notes = try ModelRepository<Note>(container: container, author: "repository")
try await notes.insert(Note(id: UUID(), title: "Poem", stars: 3))
for try await heard in observer {
  print("heard:", heard.author ?? "-", heard.changes.count)
  break
}
print("count:", try await notes.fetchCount(FetchDescriptor()))
try container.close()
EOF

cd "$SCRATCH/notes"
swift build
# An observer that never hears would wait forever: each run has two minutes.
on_file="$(timeout 120 .build/debug/notes "$SCRATCH/notes.store")"
database="$("$ROOT/scripts/local-postgres.sh" start | sed -n 's/^export MOVIES_STORE=//p')"
on_server="$(timeout 120 .build/debug/notes "$database")"
echo "$on_file"
if [ "$on_file" != "$on_server" ]; then
  echo "check-consumer: the file and the server printed different lines; on the server:" >&2
  echo "$on_server" >&2
  exit 1
fi
expected="good: Novel, Taxes
history: writer 3
heard: repository 1
count: 4"
if [ "$on_file" != "$expected" ]; then
  echo "check-consumer: expected:" >&2
  echo "$expected" >&2
  exit 1
fi
echo "check-consumer: the same code ran on a store file and on PostgreSQL in $((SECONDS - started)) s"
