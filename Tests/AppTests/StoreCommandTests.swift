import Catalog
import CatalogStorage
import Foundation
import Persistence
import Testing

/// Version 9, from the future: the app's models under a version the app does not know yet.
private enum FutureCatalog: VersionedSchema {
  static let versionIdentifier = Schema.Version(9, 0, 0)
  static let models: [any PersistentModel.Type] = CatalogModels.all
}

private enum FuturePlan: SchemaMigrationPlan {
  static let schemas: [any VersionedSchema.Type] = [FutureCatalog.self]
  static let stages: [MigrationStage] = []
}

/// The catalog's versions up to 3.0.0: how a store of that app is made.
private enum PlanUpToV3: SchemaMigrationPlan {
  static let schemas: [any VersionedSchema.Type] = [CatalogSchemaV1.self, CatalogSchemaV2.self, CatalogSchemaV3.self]
  static let stages: [MigrationStage] = []
}

@Suite("movies store info, migrate and check, run as a user would")
struct StoreCommandTests {
  /// The catalog's current version.
  static let current = CatalogMigrationPlan.current.versionIdentifier
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/catalog-1.0.0.store")

  let movies: MoviesProcess
  let store: URL

  init() throws {
    movies = try MoviesProcess()
    store = movies.folder.appendingPathComponent("old.store")
    try FileManager.default.copyItem(at: Self.fixture, to: store)
  }

  /// The value of a labelled line of `store info`.
  private func field(_ label: String, in output: String) -> String? {
    output.split(separator: "\n").first { $0.hasPrefix(label + ":") }
      .map { $0.dropFirst(label.count + 1).trimmingCharacters(in: .whitespaces) }
  }

  @Test func checkingAnOlderCatalogInWriteAheadModeLeavesNoFileBesideIt() async throws {
    let older = movies.folder.appendingPathComponent("three.store")
    let container = try ModelContainer(
      for: CatalogSchemaV3.models, migrationPlan: PlanUpToV3.self,
      configurations: [ModelConfiguration("Catalog", url: older)])
    try container.close()
    for suffix in ["-wal", "-shm"] { #expect(!FileManager.default.fileExists(atPath: older.path + suffix)) }
    let check = try await movies.run(["--store", older.path, "store", "check"])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    #expect(check.stdout.contains("it is version 3.0.0, and they are checked at \(Self.current)"))
    for suffix in ["-wal", "-shm"] { #expect(!FileManager.default.fileExists(atPath: older.path + suffix)) }
  }

  @Test func aSearchIndexInItsEarlierFormIsNoProblem() async throws {
    // Made by a 3.0.0 app whose index kept positions (before `detail=none`).
    let older = movies.folder.appendingPathComponent("history.store")
    try FileManager.default.copyItem(
      at: Self.fixture.deletingLastPathComponent().appendingPathComponent("catalog-history-3.0.0.store"), to: older)
    let check = try await movies.run(["--store", older.path, "store", "check"])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    #expect(!check.stdout.contains("search index"), "\(check.stdout)")
  }

  @Test func infoSaysEveryCommandRefusesACatalogWithAView() async throws {
    let catalog = movies.folder.appendingPathComponent("viewed.store")
    #expect(
      try await movies.run(["--store", catalog.path, "add", "--title", "Alien", "--date", "1979-05-25"]).status == 0)
    try ForeignWriter.execute(catalog, "CREATE VIEW v AS SELECT 1")
    let list = try await movies.run(["--store", catalog.path, "list"])
    #expect(list.status == 1)
    let info = try await movies.run(["--store", catalog.path, "store", "info"])
    #expect(info.status == 0)
    let state = try #require(field("state", in: info.stdout))
    #expect(state.hasPrefix("refused by every command: "), "\(state)")
    #expect(state.contains("view ('v')"), "\(state) / \(list.stderr)")
    let json = try await movies.run(["--store", catalog.path, "store", "info", "--format", "json"])
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    #expect((object?["refusal"] as? String)?.contains("view ('v')") == true)
  }

  @Test func anOldCatalogIsReportedMigratedWithABackupAndChecked() async throws {
    let info = try await movies.run(["--store", store.path, "store", "info"])
    #expect(info.status == 0)
    #expect(field("version", in: info.stdout) == "1.0.0")
    #expect(field("state", in: info.stdout) == "needs a migration to \(Self.current) (movies store migrate)")
    #expect(field("rows in movies", in: info.stdout) == "2")
    // Its values cannot be checked against the rules without migrating it: the check says so,
    // and does not claim it did.
    let unmigrated = try await movies.run(["--store", store.path, "store", "check"])
    #expect(unmigrated.status == 0)
    #expect(
      unmigrated.stdout.contains(
        "note: the values were not checked against the catalog's rules: it is version 1.0.0, and they are "
          + "checked at \(Self.current) ('movies store migrate' moves it there)"))
    // Nothing was opened to try: no -wal or -shm appeared beside it.
    for suffix in ["-wal", "-shm"] { #expect(!FileManager.default.fileExists(atPath: store.path + suffix)) }
    #expect(
      unmigrated.stdout.hasSuffix(
        "The catalog is sound: version 1.0.0; header, integrity, references, image files checked.\n"))
    let migrated = try await movies.run(["--store", store.path, "store", "migrate", "--backup"])
    #expect(
      migrated.stdout
        == "Migrated the catalog from version 1.0.0 to \(Self.current).\nBackup: \(store.path).1.0.0.backup\n")
    #expect(FileManager.default.fileExists(atPath: store.path + ".1.0.0.backup"))
    let after = try await movies.run(["--store", store.path, "store", "info", "--format", "json"])
    let json = try JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [String: Any]
    #expect(json?["version"] as? String == Self.current.description)
    #expect(json?["needsMigration"] as? Bool == false)
    await #expect(
      try movies.run(["--store", store.path, "store", "migrate"]).stdout
        == "The catalog is at version \(Self.current) already.\n"
    )
    let check = try await movies.run(["--store", store.path, "store", "check"])
    #expect(check.status == 0)
    #expect(
      check.stdout.hasSuffix(
        "The catalog is sound: version \(Self.current); header, integrity, references, image files and the catalog's rules checked.\n"
      ))
    let listed = try await movies.listed(["--sort", "title"], environment: ["MOVIES_STORE": store.path])
    #expect(listed.map { $0["title"] as? String } == ["Alien", "Heat"])
  }

  @Test func anyCommandMigratesAnOldCatalogFirst() async throws {
    let added = try await movies.run(
      ["--store", store.path, "add", "--title", "Ran", "--date", "1985-06-01", "--runtime", "162"])
    #expect(added.status == 0)
    let shown = try await movies.run([
      "--store", store.path, "show", added.stdout.trimmingCharacters(in: .whitespacesAndNewlines),
    ])
    #expect(shown.stdout.contains("runtime: 162 min"))
  }

  @Test func aModelAddedToTheCurrentVersionIsShownThenCreatedByTheNextCommand() async throws {
    let before = movies.folder.appendingPathComponent("before.store")
    try CatalogBeforeTagging.createStore(at: before)
    let info = try await movies.run(["--store", before.path, "store", "info"])
    #expect(
      field("state", in: info.stdout)
        == "up to date; the next command but store info or check creates the tables of Tagging")
    #expect(try await movies.run(["--store", before.path, "store", "check"]).status == 0)
    let migrated = try await movies.run(["--store", before.path, "store", "migrate"])
    #expect(
      migrated.stdout
        == "The catalog is at version \(Self.current) already.\nCreated the tables of Tagging, added to it.\n")
    await #expect(field("state", in: try movies.run(["--store", before.path, "store", "info"]).stdout) == "up to date")
    let added = try await movies.run(["--store", before.path, "add", "--title", "Ran", "--date", "1985-06-01"])
    let id = added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let tagged = try await movies.run(["--store", before.path, "tag", "add", id, "epic"])
    #expect(tagged.status == 0, "\(tagged.stderr)")
  }

  @Test func aCatalogFromANewerAppIsRefusedAndLeftAsItWas() async throws {
    let future = movies.folder.appendingPathComponent("future.store")
    _ = try ModelContainer(
      for: CatalogModels.all, migrationPlan: FuturePlan.self,
      configurations: [ModelConfiguration("F", url: future)])
    let before = try Data(contentsOf: future)
    let result = try await movies.run(["--store", future.path, "list"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("the store is version 9.0.0, newer than this app's \(Self.current)"))
    #expect(try Data(contentsOf: future) == before)
    let info = try await movies.run(["--store", future.path, "store", "info"])
    #expect(field("version", in: info.stdout) == "9.0.0", "the version the record names")
    #expect(
      field("state", in: info.stdout) == "unknown: the store is version 9.0.0, newer than this app's \(Self.current)")
    let check = try await movies.run(["--store", future.path, "store", "check"])
    #expect(check.status == 1)
    #expect(check.stdout.contains("problem: the store is version 9.0.0, newer than this app's \(Self.current)"))
    #expect(try Data(contentsOf: future) == before)
  }
}
