import CatalogStorage
import Foundation
import RepositoryTesting
import SQLValues
import SQLiteCore
import TestSupport

@testable import Persistence

/// The committed fixture stores of the catalog's older versions and the committed JSON file of
/// each version's schema, and the run that writes them (`WRITE_FIXTURES=1`).
///
/// The run writes each file to a temporary name beside it and renames it into place only when
/// its content changed — a store's schema and rows, not its bytes or times — so a fixture the
/// run would write the same is left untouched, byte for byte.
enum CatalogFixtures {
  /// The repository's folders, found from this file.
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let fixtures = repository.appendingPathComponent("Tests/Fixtures")
  static let schemas = repository.appendingPathComponent("Schemas/Catalog")

  /// The seed every version 1 fixture holds; every identifier is fixed, so the same run writes
  /// the same rows.
  static let alienID = UUID(uuidString: "3F1C2F7E-3B7B-4C43-9F55-6B4D4B8F0A01")!
  static let heatID = UUID(uuidString: "3F1C2F7E-3B7B-4C43-9F55-6B4D4B8F0A02")!
  static let tagID = UUID(uuidString: "3F1C2F7E-3B7B-4C43-9F55-6B4D4B8F0A03")!
  static let reviewID = UUID(uuidString: "3F1C2F7E-3B7B-4C43-9F55-6B4D4B8F0A04")!
  static let taggingIDs = [
    UUID(uuidString: "3F1C2F7E-3B7B-4C43-9F55-6B4D4B8F0A05")!,
    UUID(uuidString: "3F1C2F7E-3B7B-4C43-9F55-6B4D4B8F0A06")!,
  ]

  static func seed(_ context: MigrationContext) throws {
    let day = Date(timeIntervalSinceReferenceDate: -680_400_000)
    try context.insert(
      CatalogSchemaV1.Movie(id: alienID, title: "Alien", content: "In space…", date: day, rate: 9, heart: 2))
    try context.insert(CatalogSchemaV1.Movie(id: heatID, title: "Heat", date: day + 86_400 * 5_000, rate: 8))
    try context.insert(
      CatalogSchemaV1.Review(id: reviewID, movieID: alienID, author: "Ann", text: "Tense.", rate: 9, date: day))
    try context.insert(CatalogSchemaV1.MovieTag(id: tagID, name: "classic"))
    try context.insert(CatalogSchemaV1.Tagging(id: taggingIDs[0], movieID: alienID, tagID: tagID))
    try context.insert(CatalogSchemaV1.Tagging(id: taggingIDs[1], movieID: heatID, tagID: tagID))
  }

  /// The fixtures in the repository, written once per test process before any test reads them
  /// when `WRITE_FIXTURES=1`; nothing otherwise. Every test that reads a fixture or a schema file
  /// calls it first, so none reads a file while the run writes it.
  static func prepare() throws {
    try written.get()
  }

  private static let written: Result<Void, any Error> = Result {
    guard ProcessInfo.processInfo.environment["WRITE_FIXTURES"] == "1" else { return }
    _ = try write(fixtures: fixtures, schemas: schemas)
  }

  /// Writes the version 1 fixture stores into `fixtures` and every version's schema file into
  /// `schemas`, replacing only files whose content changed.
  ///
  /// - Returns: the files written.
  static func write(fixtures: URL, schemas: URL) throws -> [URL] {
    try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: schemas, withIntermediateDirectories: true)
    let scratch = try TemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: scratch.url) }
    let helper = MigrationTestHelper(plan: CatalogMigrationPlan.self, folder: scratch)
    let recorded = try helper.createStore("v1.store", at: CatalogSchemaV1.self, seed: seed)
    let unversioned = try helper.createStore("unversioned.store", at: CatalogSchemaV1.self, seed: seed)
    try Connection(location: .file(recorded.path), readOnly: false).execute(
      "UPDATE \(SchemaRecord.table) SET recorded = 0")
    try Connection(location: .file(unversioned.path), readOnly: false).execute("DROP TABLE \(SchemaRecord.table)")
    var written: [URL] = []
    for (source, name) in [(recorded, "catalog-1.0.0.store"), (unversioned, "catalog-unversioned.store")] {
      let target = fixtures.appendingPathComponent(name)
      let temporary = fixtures.appendingPathComponent(".\(name).\(UUID().uuidString).new")
      // A whole, self-contained copy without the write-ahead log.
      let connection = try Connection(location: .file(source.path), readOnly: false)
      let statement = try connection.statement("VACUUM INTO ?1")
      try statement.bind(.text(temporary.path), at: 1)
      try statement.run()
      statement.reset()
      if try replace(target, with: temporary, same: { try StoreContent(url: $0) == StoreContent(url: $1) }) {
        written.append(target)
      }
    }
    for version in CatalogMigrationPlan.schemas {
      let target = schemas.appendingPathComponent("\(version.versionIdentifier).json")
      let temporary = schemas.appendingPathComponent(".\(version.versionIdentifier).\(UUID().uuidString).new")
      try SchemaDescription(version: version).json.write(to: temporary, atomically: false, encoding: .utf8)
      if try replace(target, with: temporary, same: { try Data(contentsOf: $0) == Data(contentsOf: $1) }) {
        written.append(target)
      }
    }
    return written
  }

  /// Renames `temporary` over `target` when the two differ by `same`, else removes it.
  ///
  /// - Returns: whether `target` was replaced.
  private static func replace(_ target: URL, with temporary: URL, same: (URL, URL) throws -> Bool) throws -> Bool {
    if FileManager.default.fileExists(atPath: target.path), try same(target, temporary) {
      try FileManager.default.removeItem(at: temporary)
      return false
    }
    guard rename(temporary.path, target.path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: temporary)
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target.path, "reason": reason])
    }
    return true
  }
}
