import Foundation
import Persistence
import PostgresCore
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

  @Test func aDatabaseWithoutTheStoresTablesIsNotCreatedWhereCreationIsNotAllowed() throws {
    for configuration in [
      ModelConfiguration("Server", url: url, allowsCreation: false),
      ModelConfiguration("Server", url: url, allowsSave: false),
    ] {
      #expect(
        throws: PersistenceError.cannotOpen(
          path: PostgresStore.displayURL(of: url.absoluteString), reason: "no store exists there")
      ) {
        try ModelContainer(for: [Planet.self, Moon.self], configurations: [configuration])
      }
    }
    let container = try ModelContainer(
      for: [Planet.self, Moon.self], configurations: [ModelConfiguration("Server", url: url)])
    try container.close()
  }

  @Test func aReadOnlyDatabaseIsReadAndNeverChanged() async throws {
    let writable = try ModelContainer(for: [Planet.self], configurations: [ModelConfiguration("Server", url: url)])
    try await ModelRepository<Planet>(container: writable).insert(Planet(name: "Eris"))
    try writable.close()
    let lacking = try #require(throws: PersistenceError.self) {
      try ModelContainer(
        for: [Planet.self, Moon.self], configurations: [ModelConfiguration("Server", url: url, allowsSave: false)])
    }
    #expect("\(lacking)".contains("lacks the tables moon"), "\(lacking)")
    let reader = try ModelContainer(
      for: [Planet.self], configurations: [ModelConfiguration("Server", url: url, allowsSave: false)])
    let planets = try ModelRepository<Planet>(container: reader)
    #expect(try await planets.fetchAll().map(\.name) == ["Eris"])
    await #expect(throws: RepositoryError.self) { try await planets.insert(Planet(name: "Makemake")) }
    let context = try ModelContext(reader)
    context.insert(Planet(name: "Haumea"))
    #expect(throws: RepositoryError.self) { try context.save() }
    context.rollback()
    #expect(try await planets.fetchAll().map(\.name) == ["Eris"])
    try reader.close()
  }

  @Test func aDeletionOfHistoryFindsWhatReadersDoNotSeeYet() async throws {
    let container = try ModelContainer(for: [Planet.self], configurations: [ModelConfiguration("Server", url: url)])
    // A transaction that began before the insert and still runs, anywhere on the server, keeps
    // readers from seeing the insert's transaction yet; a deletion must find it all the same.
    let open = try PostgresConnection(url: url.absoluteString)
    try open.execute("BEGIN")
    _ = try open.query("SELECT pg_current_xact_id()")
    try await ModelRepository<Planet>(container: container, author: "undone").insert(Planet(name: "Sedna"))
    #expect(try container.fetchHistory().isEmpty)
    try container.deleteHistory(HistoryDescriptor(predicate: #Predicate { $0.author == "undone" }))
    try open.execute("COMMIT")
    #expect(try container.fetchHistory().isEmpty)
    try container.close()
  }

  @Test func theSQLiteEnginesOwnTypesAreRefusedOnADatabase() throws {
    let container = try ModelContainer(
      for: [Planet.self, Moon.self], configurations: [ModelConfiguration("Server", url: url)])
    #expect(throws: PersistenceError.onlyForStoreFiles(configuration: "Server", feature: "SQLiteRepository<Planet>")) {
      try SQLiteRepository<Planet>(container: container)
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
