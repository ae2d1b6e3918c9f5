import Catalog
import CatalogStorage
import Foundation
import Repositories
import SQLiteCore
import TestSupport
import Testing

@testable import Persistence

/// The committed fixture stores of the catalog's older versions, and the committed JSON file of
/// each version's schema.
@Suite("The catalog's schema versions, fixtures and migrations")
struct CatalogMigrationTests {
  /// The repository's folders, found from this file.
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let fixtures = repository.appendingPathComponent("Tests/Fixtures")
  static let schemas = repository.appendingPathComponent("Schemas/Catalog")

  let folder: TemporaryDirectory
  let helper: MigrationTestHelper

  init() throws {
    folder = try TemporaryDirectory()
    helper = MigrationTestHelper(plan: CatalogMigrationPlan.self, folder: folder)
  }

  private static let current: [any PersistentModel.Type] = CatalogSchemaV2.models

  /// The seed every version 1 fixture holds.
  static let alienID = UUID(uuidString: "3F1C2F7E-3B7B-4C43-9F55-6B4D4B8F0A01")!
  static let heatID = UUID(uuidString: "3F1C2F7E-3B7B-4C43-9F55-6B4D4B8F0A02")!
  static let tagID = UUID(uuidString: "3F1C2F7E-3B7B-4C43-9F55-6B4D4B8F0A03")!

  static func seed(_ context: MigrationContext) throws {
    let day = Date(timeIntervalSinceReferenceDate: -680_400_000)
    try context.insert(
      CatalogSchemaV1.Movie(id: alienID, title: "Alien", content: "In space…", date: day, rate: 9, heart: 2))
    try context.insert(CatalogSchemaV1.Movie(id: heatID, title: "Heat", date: day + 86_400 * 5_000, rate: 8))
    try context.insert(
      CatalogSchemaV1.Review(id: UUID(), movieID: alienID, author: "Ann", text: "Tense.", rate: 9, date: day))
    try context.insert(CatalogSchemaV1.MovieTag(id: tagID, name: "classic"))
    try context.insert(CatalogSchemaV1.Tagging(id: UUID(), movieID: alienID, tagID: tagID))
    try context.insert(CatalogSchemaV1.Tagging(id: UUID(), movieID: heatID, tagID: tagID))
  }

  /// `WRITE_FIXTURES=1 swift test --filter CatalogMigrationTests` writes the fixtures and the
  /// schema files again; commit them only with a new schema version.
  @Test(.enabled(if: ProcessInfo.processInfo.environment["WRITE_FIXTURES"] == "1"))
  func writeFixturesAndSchemaFiles() throws {
    try FileManager.default.createDirectory(at: Self.fixtures, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: Self.schemas, withIntermediateDirectories: true)
    let recorded = try helper.createStore("v1.store", at: CatalogSchemaV1.self, seed: Self.seed)
    let unversioned = try helper.createStore("unversioned.store", at: CatalogSchemaV1.self, seed: Self.seed)
    try Connection(location: .file(unversioned.path), readOnly: false).execute("DROP TABLE \(SchemaRecord.table)")
    for (source, name) in [(recorded, "catalog-1.0.0.store"), (unversioned, "catalog-unversioned.store")] {
      let target = Self.fixtures.appendingPathComponent(name)
      try? FileManager.default.removeItem(at: target)
      // A whole, self-contained copy without the write-ahead log.
      let connection = try Connection(location: .file(source.path), readOnly: false)
      let statement = try connection.statement("VACUUM INTO ?1")
      try statement.bind(.text(target.path), at: 1)
      try statement.run()
    }
    for version in CatalogMigrationPlan.schemas {
      try SchemaDescription(version: version).json.write(
        to: Self.schemas.appendingPathComponent("\(version.versionIdentifier).json"), atomically: true, encoding: .utf8)
    }
  }

  @Test func everyVersionMatchesItsCommittedSchemaFile() throws {
    for version in CatalogMigrationPlan.schemas {
      let file = Self.schemas.appendingPathComponent("\(version.versionIdentifier).json")
      let committed = try String(contentsOf: file, encoding: .utf8)
      #expect(
        try SchemaDescription(version: version).json == committed,
        "a schema change needs a new version in CatalogMigrationPlan and its file (WRITE_FIXTURES=1)")
    }
  }

  @Test(arguments: ["catalog-1.0.0.store", "catalog-unversioned.store"])
  func theCommittedFixtureMigratesWithEveryRow(_ name: String) async throws {
    let url = folder.file(name)
    try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(name), to: url)
    let before = try StoreInspection(url: url, plan: CatalogMigrationPlan.self)
    #expect(before.version == Schema.Version(1, 0, 0))
    #expect(before.needsMigration)
    let container = try helper.migrate(url, models: Self.current)
    let movies = try await SQLiteRepository<Movie>(container: container).fetch(
      FetchDescriptor(sortBy: [SortDescriptor(\.title)]))
    #expect(movies.map(\.id) == [Self.alienID, Self.heatID])
    #expect(movies.map(\.title) == ["Alien", "Heat"])
    #expect(movies.map(\.runtime) == [nil, nil])
    #expect(movies.first?.content == "In space…")
    #expect(try await SQLiteRepository<Review>(container: container).fetchCount(FetchDescriptor()) == 1)
    let tags = MovieTags(
      tags: try SQLiteRepository<MovieTag>(container: container),
      taggings: try SQLiteRepository<Tagging>(container: container),
      unitOfWork: try SQLiteUnitOfWork(container: container))
    #expect(Set(try await tags.movieIDs(tagged: "classic")) == [Self.alienID, Self.heatID])
    let after = try StoreInspection(url: url, plan: CatalogMigrationPlan.self)
    #expect(after.version == Schema.Version(2, 0, 0))
    #expect(try after.check().isEmpty)
  }

  @Test func theHelperSeedsAnyVersionAndComparesWithAFreshStore() async throws {
    let url = try helper.createStore("seeded.store", at: CatalogSchemaV1.self, seed: Self.seed)
    let container = try helper.migrate(url, models: Self.current)
    #expect(try await SQLiteRepository<Movie>(container: container).fetchCount(FetchDescriptor()) == 2)
  }
}
