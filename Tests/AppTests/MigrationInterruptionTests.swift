import Catalog
import CatalogStorage
import Foundation
import Persistence
import Testing

/// Version 1 alone, to write a store the way the app's first version did.
private enum CatalogVersionOne: SchemaMigrationPlan {
  static let schemas: [any VersionedSchema.Type] = [CatalogSchemaV1.self]
  static let stages: [MigrationStage] = []
}

@Suite("A migration killed at any moment leaves the store wholly old or wholly new")
struct MigrationInterruptionTests {
  static let movies = 10_000
  static let tagged = 3_000

  let process: MoviesProcess

  init() throws { process = try MoviesProcess() }

  /// A version 1 catalog with many movies, some of them tagged.
  private func versionOneStore() async throws -> URL {
    let url = process.folder.appendingPathComponent("template.store")
    let container = try ModelContainer(
      for: CatalogSchemaV1.models, migrationPlan: CatalogVersionOne.self,
      configurations: [ModelConfiguration("Catalog", url: url)])
    let day = Date(timeIntervalSinceReferenceDate: 0)
    let movies = (0..<Self.movies).map {
      CatalogSchemaV1.Movie(
        title: "Movie \($0)", content: "About \($0)", date: day + Double($0) * 86_400, rate: $0 % 11)
    }
    try await SQLiteRepository<CatalogSchemaV1.Movie>(container: container).insert(movies)
    let tag = CatalogSchemaV1.MovieTag(name: "seen")
    try await SQLiteRepository<CatalogSchemaV1.MovieTag>(container: container).insert(tag)
    try await SQLiteRepository<CatalogSchemaV1.Tagging>(container: container).insert(
      movies.prefix(Self.tagged).map { CatalogSchemaV1.Tagging(movieID: $0.id, tagID: tag.id) })
    return url
  }

  /// A fresh copy of the template, without the template's log files.
  private func copy(_ template: URL, _ name: String) throws -> URL {
    let url = process.folder.appendingPathComponent(name)
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
    try FileManager.default.copyItem(at: template, to: url)
    return url
  }

  private func startMigration(_ url: URL) throws -> Process {
    let child = Process()
    child.executableURL = MoviesProcess.executable
    child.arguments = ["--store", url.path, "store", "migrate"]
    child.standardOutput = FileHandle.nullDevice
    child.standardError = FileHandle.nullDevice
    try child.run()
    return child
  }

  @Test func fiftyKillsAtRandomMoments() async throws {
    let template = try await versionOneStore()
    // How long a whole migration takes, from the process's start, to spread the kills over.
    let timed = try copy(template, "timed.store")
    let clock = ContinuousClock()
    let start = clock.now
    let whole = try startMigration(timed)
    whole.waitUntilExit()
    let duration = clock.now - start
    #expect(whole.terminationStatus == 0)
    #expect(
      try StoreInspection(url: timed, plan: CatalogMigrationPlan.self).version
        == CatalogMigrationPlan.current.versionIdentifier)

    var generator = SystemRandomNumberGenerator()
    var outcomes: [Schema.Version: Int] = [:]
    for round in 0..<50 {
      let url = try copy(template, "round-\(round).store")
      let child = try startMigration(url)
      let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
      let delay = Double.random(in: 0...1.2, using: &generator) * seconds
      try await Task.sleep(for: .seconds(delay))
      kill(child.processIdentifier, SIGKILL)
      child.waitUntilExit()
      let info = try StoreInspection(url: url, plan: CatalogMigrationPlan.self)
      let version = try #require(info.version, "round \(round): the store is of no known version")
      outcomes[version, default: 0] += 1
      #expect(try info.check() == [], "round \(round): exactly the tables of \(version), sound")
      #expect(info.rowCounts["movies"] == Self.movies, "round \(round): every movie")
      #expect(info.rowCounts["movie_tags"] == Self.tagged, "round \(round): every tagging")
      try? FileManager.default.removeItem(at: url)
    }
    #expect(outcomes.values.reduce(0, +) == 50)
    // Kills spread over the whole run land both before and after the commit.
    #expect(outcomes[Schema.Version(1, 0, 0), default: 0] > 0, "\(outcomes)")
    #expect(outcomes[CatalogMigrationPlan.current.versionIdentifier, default: 0] > 0, "\(outcomes)")
  }
}
