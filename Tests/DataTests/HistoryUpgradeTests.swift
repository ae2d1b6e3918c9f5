import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories
import RepositoryTesting
import TestSupport
import Testing

/// `Fixtures/catalog-history-3.0.0.store` was made by `movies` before the history kept typed
/// changes: Alien and Heat added, Alien rated 9, then deleted (tokens 1 to 4).
@Suite("A history from before typed changes keeps working and is upgraded in place")
struct HistoryUpgradeTests {
  let folder: TemporaryDirectory
  let url: URL

  init() throws {
    folder = try TemporaryDirectory()
    url = folder.file("catalog.store")
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/catalog-history-3.0.0.store")
    try FileManager.default.copyItem(at: fixture, to: url)
  }

  private func open(allowsSave: Bool = true) throws -> ModelContainer {
    try ModelContainer(
      for: CatalogModels.all, migrationPlan: CatalogMigrationPlan.self,
      configurations: [ModelConfiguration("Catalog", url: url, allowsSave: allowsSave)])
  }

  /// The catalog's versions up to the fixture's, 3.0.0: what an app of that version opens.
  private enum PlanUpToV3: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [CatalogSchemaV1.self, CatalogSchemaV2.self, CatalogSchemaV3.self]
    static let stages: [MigrationStage] = []
  }

  private let before: [[PendingChange.Kind]] = [[.insert], [.insert], [.update], [.delete]]

  @Test func readOnlyItReadsTheOldHistoryAndChangesNothing() throws {
    let bytes = try Data(contentsOf: url)
    // A read-only open cannot migrate, so it opens the store at its own version.
    let container = try ModelContainer(
      for: CatalogSchemaV3.models, migrationPlan: PlanUpToV3.self,
      configurations: [ModelConfiguration("Catalog", url: url, allowsSave: false)])
    let history = try container.fetchHistory(HistoryDescriptor(predicate: #Predicate { $0.author == "movies" }))
    #expect(history.map { $0.changes.map(\.kind) } == before)
    #expect(history.flatMap(\.changes).allSatisfy { $0.updatedAttributes.isEmpty && $0.preservedValues.isEmpty })
    try container.close()
    #expect(try Data(contentsOf: url) == bytes)
  }

  @Test func writableItGainsTypedChangesAndKeepsTheOldOnes() async throws {
    var container = try open()
    let movies = try SQLiteRepository<Movie>(container: container)
    let heat = try #require(try await movies.fetchAll().first)
    _ = try await movies.update(id: heat.id) { $0.rate = 10 }
    try await movies.delete(ids: [heat.id])
    try container.close()

    container = try open()
    let history = try container.fetchHistory()
    #expect(history.map(\.token.value) == [1, 2, 3, 4, 5, 6])
    #expect(history.prefix(4).map { $0.changes.map(\.kind) } == before)
    #expect(history[4].changes.map(\.updatedAttributes) == [["rate"]])
    #expect(try history[5].changes.first?.preservedValue(\Movie.title) == "Heat")
    // The old changes can be deleted by descriptor like any others.
    try container.deleteHistory(HistoryDescriptor(predicate: #Predicate { $0.token.value <= 4 }))
    #expect(try container.fetchHistory().map(\.token.value) == [5, 6])
  }
}
