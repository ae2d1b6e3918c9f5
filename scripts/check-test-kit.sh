#!/usr/bin/env bash
# Proves that the test kit is a product another package can use: writes a scratch package that
# depends on this one by path, with a model of its own, and runs the repository contract on the
# in-memory repository for its model and for the kit's planets. The build must compile the kit
# and Repositories only: a module of the movie sample or of the engine in it fails the check.
#
#   scripts/check-test-kit.sh
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
IDENTITY="$(basename "$ROOT" | tr '[:upper:]' '[:lower:]')"
SCRATCH="$(mktemp -d "${TMPDIR:-/tmp}/test-kit-check.XXXXXX")"
trap 'rm -rf "$SCRATCH"' EXIT
mkdir -p "$SCRATCH/Sources/Books" "$SCRATCH/Tests/BookTests"
started=$SECONDS

cat >"$SCRATCH/Package.swift" <<EOF
// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "Books",
  dependencies: [.package(path: "$ROOT")],
  targets: [
    .target(name: "Books", dependencies: [.product(name: "Repositories", package: "$IDENTITY")]),
    .testTarget(
      name: "BookTests",
      dependencies: ["Books", .product(name: "RepositoryTesting", package: "$IDENTITY")]),
  ]
)
EOF

cat >"$SCRATCH/Sources/Books/Book.swift" <<'EOF'
import Foundation

public struct Book: Identifiable, Hashable, Sendable {
  public var id: UUID
  public var title: String
  public var year: Int

  public init(id: UUID, title: String, year: Int) {
    (self.id, self.title, self.year) = (id, title, year)
  }
}
EOF

cat >"$SCRATCH/Tests/BookTests/BookContractTests.swift" <<'EOF'
import Books
import Foundation
import RepositoryTesting
import Testing

struct BookFixture: RepositoryContractFixture {
  static let keys = ModelKeys<Book>(id: \.id, unique: [UniqueKey(\.title)])
  var keys: ModelKeys<Book> { Self.keys }
  var attribute: any KeyPath<Book, Int> & Sendable { \.year }
  let edgeCases = [Book(id: UUID(fixture: 200), title: "Nul\u{0}%_\\", year: .min)]

  func model(_ number: Int, using generator: inout SplitMix64) -> Book {
    Book(id: UUID(fixture: UInt8(number)), title: "Book \(number)", year: Int.random(in: 1...4, using: &generator))
  }

  func changing(_ book: Book) -> Book {
    Book(id: book.id, title: book.title, year: book.year &+ 1)
  }
}

@Test(arguments: RepositoryContract(BookFixture()).checkNames)
func booksInMemory(_ check: String) async throws {
  try await RepositoryContract(BookFixture()).run(check) { .inMemory(keys: BookFixture.keys) }
}

@Test(arguments: RepositoryContract(PlanetFixture()).checkNames)
func planetsInMemory(_ check: String) async throws {
  try await RepositoryContract(PlanetFixture()).run(check) { .inMemory(keys: PlanetFixture.keys) }
}
EOF

cd "$SCRATCH"
swift build --build-tests
modules="$(swift build --show-bin-path)/Modules"
for module in Catalog CatalogStorage Persistence SQLiteCore PostgresCore TestSupport; do
  if [[ -e "$modules/$module.swiftmodule" ]]; then
    echo "check-test-kit: building RepositoryTesting built $module too" >&2
    exit 1
  fi
done
swift test --skip-build
echo "check-test-kit: a package of its own ran the contract through RepositoryTesting in $((SECONDS - started)) s"
