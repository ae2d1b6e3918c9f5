import Catalog
import CatalogStorage
import Foundation
import Repositories
import RepositoryTesting
import SQLValues
import SQLiteCore
import TestSupport
import Testing

@testable import Persistence

/// The committed fixture stores of the catalog's older versions, and the committed JSON file of
/// each version's schema (``CatalogFixtures``).
@Suite("The catalog's schema versions, fixtures and migrations")
struct CatalogMigrationTests {
  let folder: TemporaryDirectory
  let helper: MigrationTestHelper

  init() throws {
    folder = try TemporaryDirectory()
    helper = MigrationTestHelper(plan: CatalogMigrationPlan.self, folder: folder)
  }

  /// The models of the current version, the app's.
  private static let current: [any PersistentModel.Type] = CatalogMigrationPlan.current.models

  @Test func everyVersionMatchesItsCommittedSchemaFile() throws {
    try CatalogFixtures.prepare()
    for version in CatalogMigrationPlan.schemas {
      let file = CatalogFixtures.schemas.appendingPathComponent("\(version.versionIdentifier).json")
      let committed = try JSONDecoder().decode(SchemaDescription.self, from: Data(contentsOf: file))
      let tables = try SchemaDescription(version: version).tables
      // Models added to the current version are a change the engine derives by itself: their
      // tables may be missing from its file until the next fixture run writes it.
      let compared =
        version.versionIdentifier == CatalogMigrationPlan.current.versionIdentifier
        ? tables.filter { table in committed.tables.contains { $0.name == table.name } } : tables
      #expect(
        compared == committed.tables,
        "a change to a stored model needs a new version in CatalogMigrationPlan and its file (WRITE_FIXTURES=1)")
    }
  }

  @Test func theCommittedFixturesAreWhatTheFixtureRunWritesAndItLeavesThemUntouched() throws {
    try CatalogFixtures.prepare()
    let stores = folder.file("fixtures")
    try FileManager.default.createDirectory(at: stores, withIntermediateDirectories: true)
    let names = ["catalog-1.0.0.store", "catalog-unversioned.store"]
    for name in names {
      try FileManager.default.copyItem(
        at: CatalogFixtures.fixtures.appendingPathComponent(name), to: stores.appendingPathComponent(name))
    }
    let before = try names.map { try FileSnapshot(stores.appendingPathComponent($0)) }
    let written = try CatalogFixtures.write(fixtures: stores, schemas: folder.file("schemas"))
    #expect(
      Set(written.map(\.lastPathComponent)) == Set(CatalogMigrationPlan.schemas.map { "\($0.versionIdentifier).json" }))
    #expect(try names.map { try FileSnapshot(stores.appendingPathComponent($0)) } == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: stores.path).sorted() == names, "no temporary left")
    // A second run over its own output writes nothing at all.
    let schemas = try CatalogMigrationPlan.schemas.map {
      try FileSnapshot(folder.file("schemas").appendingPathComponent("\($0.versionIdentifier).json"))
    }
    #expect(try CatalogFixtures.write(fixtures: stores, schemas: folder.file("schemas")).isEmpty)
    #expect(
      try CatalogMigrationPlan.schemas.map {
        try FileSnapshot(folder.file("schemas").appendingPathComponent("\($0.versionIdentifier).json"))
      } == schemas)
  }

  @Test func theFixtureRunReplacesAFixtureWhoseRowsChanged() throws {
    let stores = folder.file("fixtures")
    _ = try CatalogFixtures.write(fixtures: stores, schemas: folder.file("schemas"))
    let fixture = stores.appendingPathComponent("catalog-1.0.0.store")
    try Connection(location: .file(fixture.path), readOnly: false, usesWAL: false).execute("DELETE FROM reviews")
    let written = try CatalogFixtures.write(fixtures: stores, schemas: folder.file("schemas"))
    #expect(written.map(\.lastPathComponent) == ["catalog-1.0.0.store"])
    #expect(try StoreInspection(url: fixture, plan: CatalogMigrationPlan.self).rowCounts["reviews"] == 1)
  }

  @Test(arguments: ["catalog-1.0.0.store", "catalog-unversioned.store"])
  func theCommittedFixtureMigratesWithEveryRow(_ name: String) async throws {
    try CatalogFixtures.prepare()
    let url = folder.file(name)
    try FileManager.default.copyItem(at: CatalogFixtures.fixtures.appendingPathComponent(name), to: url)
    let before = try StoreInspection(url: url, plan: CatalogMigrationPlan.self)
    #expect(before.version == Schema.Version(1, 0, 0))
    #expect(before.needsMigration)
    let container = try helper.migrate(url, models: Self.current)
    let movies = try await SQLiteRepository<Movie>(container: container).fetch(
      FetchDescriptor(sortBy: [SortDescriptor(\.title)]))
    #expect(movies.map(\.id) == [CatalogFixtures.alienID, CatalogFixtures.heatID])
    #expect(movies.map(\.title) == ["Alien", "Heat"])
    #expect(movies.map(\.runtime) == [nil, nil])
    #expect(movies.first?.content == "In space…")
    #expect(try await SQLiteRepository<Review>(container: container).fetchCount(FetchDescriptor()) == 1)
    let tags = MovieTags(
      tags: try SQLiteRepository<MovieTag>(container: container),
      taggings: try SQLiteRepository<Tagging>(container: container),
      unitOfWork: try SQLiteUnitOfWork(container: container))
    let classic = try #require(try await tags.tagID(named: "classic"))
    let tagged = try await ListMovies(movies: SQLiteRepository<Movie>(container: container))(MovieQuery(tagID: classic))
    #expect(Set(tagged.map(\.id)) == [CatalogFixtures.alienID, CatalogFixtures.heatID])
    let after = try StoreInspection(url: url, plan: CatalogMigrationPlan.self)
    #expect(after.version == CatalogMigrationPlan.current.versionIdentifier)
    #expect(try after.check().isEmpty)
  }

  @Test func theHelperSeedsAnyVersionAndComparesWithAFreshStore() async throws {
    let url = try helper.createStore("seeded.store", at: CatalogSchemaV1.self, seed: CatalogFixtures.seed)
    let container = try helper.migrate(url, models: Self.current)
    #expect(try await SQLiteRepository<Movie>(container: container).fetchCount(FetchDescriptor()) == 2)
  }
}
