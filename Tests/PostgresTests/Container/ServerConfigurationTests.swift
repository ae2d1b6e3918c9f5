import Foundation
import Persistence
import Repositories
import RepositoryTesting
import Testing

/// What only SQLite stores have is refused on a PostgreSQL database, naming the option, rather
/// than left unheeded.
@Suite(.needsPostgreSQL)
struct ServerConfigurationTests {
  let url: URL

  init() throws {
    url = try #require(URL(string: try PostgresTestServer.makeSchema()))
  }

  @Test func optionsOnlyAStoreFileHasAreRefusedNamingThem() throws {
    var withVFS = ModelConfiguration("Server", url: url)
    withVFS.vfs = "unix-excl"
    let refused: [(ModelConfiguration, Bool, String)] = [
      (ModelConfiguration("Server", url: url, allowsSave: false), false, "allowsSave"),
      (ModelConfiguration("Server", url: url, keepsHistory: false), false, "keepsHistory"),
      (withVFS, false, "VFS"),
      (ModelConfiguration("Server", url: url), true, "backupBeforeMigration"),
    ]
    for (configuration, backup, option) in refused {
      let error = try #require(throws: PersistenceError.self) {
        try ModelContainer(
          for: [Planet.self, Moon.self], backupBeforeMigration: backup, configurations: [configuration])
      }
      guard case .onlyForStoreFiles(let name, let feature) = error else {
        Issue.record("\(error)")
        continue
      }
      #expect(name == "Server")
      #expect(feature.contains(option), "\(feature)")
    }
  }

  @Test func theSQLiteEnginesOwnTypesAreRefusedOnADatabase() throws {
    let container = try ModelContainer(
      for: [Planet.self, Moon.self], configurations: [ModelConfiguration("Server", url: url)])
    #expect(throws: PersistenceError.onlyForStoreFiles(configuration: "Server", feature: "SQLiteRepository<Planet>")) {
      try SQLiteRepository<Planet>(container: container)
    }
    #expect(throws: PersistenceError.onlyForStoreFiles(configuration: "Server", feature: "markIncomplete")) {
      try container.markIncomplete("a copy")
    }
    try container.close()
  }

  @Test func aStoreFileAndADatabaseServeOneContainer() async throws {
    let folder = try TemporaryDirectory()
    let container = try ModelContainer(
      for: [Planet.self, Moon.self],
      configurations: [
        ModelConfiguration("Local", url: folder.file("local.store")), ModelConfiguration("Server", url: url),
      ])
    try await ModelRepository<Planet>(container: container, configuration: "Server").insert(Planet(name: "Ceres"))
    #expect(
      try await ModelRepository<Planet>(container: container, configuration: "Local").fetchCount(FetchDescriptor()) == 0
    )
    #expect(
      try await ModelRepository<Planet>(container: container, configuration: "Server").fetchCount(FetchDescriptor())
        == 1)
    try container.close()
    let reopened = try ModelContainer(
      for: [Planet.self, Moon.self], configurations: [ModelConfiguration("Server", url: url)])
    #expect(try await ModelRepository<Planet>(container: reopened).fetchAll().map(\.name) == ["Ceres"])
    try reopened.close()
  }
}
