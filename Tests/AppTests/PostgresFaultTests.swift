import CatalogStorage
import Foundation
import Persistence
import PostgresCore
import PostgresServer
import Testing

/// The catalog's schema as version 1 alone: how a database of an older app is made.
private enum CatalogPlanV1: SchemaMigrationPlan {
  static let schemas: [any VersionedSchema.Type] = [CatalogSchemaV1.self]
  static let stages: [MigrationStage] = []
}

/// `movies` stopped midway through a copy, an import or a migration on PostgreSQL — killed, or
/// its server gone away under it (``PostgresFault``): afterwards nothing partial is visible.
/// Every command refuses a partial copy, which `store check` names (or a copy that lived to see
/// its failure removed what it wrote), and an import or a migration left the previous state; a
/// process whose server went away said so in one line.
///
/// Each test stops the process at a chosen phase without timing: another connection holds a
/// lock on one table, the process blocks on it (as `pg_stat_activity` shows), and is struck
/// there.
@Suite("movies stopped midway on PostgreSQL leaves nothing partial visible", .needsPostgreSQLServer)
struct PostgresFaultTests {
  /// The file catalog the copies start from, as the copy tests fill it (3 movies, reviews,
  /// tags).
  let fixture: StoreCopyCommandTests
  /// A database of its own, whose `pg_stat_activity` is the test's alone.
  let database: String

  var movies: MoviesProcess { fixture.movies }
  var source: URL { fixture.source }

  init() async throws {
    fixture = try await StoreCopyCommandTests()
    database = try ThrowawayPostgres.makeDatabase()
  }

  /// Starts `movies` with `arguments` while another connection holds `lock` (a `LOCK TABLE`
  /// statement) on `url`, and returns once it waits for that lock, with the lock's holder
  /// (in its transaction: `ROLLBACK` releases the lock) and a connection that watched it wait.
  private func blocked(
    _ arguments: [String], whileHolding lock: String, on url: String
  ) async throws -> (running: RunningMovies, holder: PostgresConnection, watcher: PostgresConnection) {
    let holder = try PostgresConnection(url: url)
    try holder.execute("BEGIN")
    try holder.execute(lock)
    let running = try RunningMovies(movies, arguments)
    let watcher = try PostgresConnection(url: url)
    // Until the process waits for the lock (a minute at most, then the test fails).
    var waiting = false
    for _ in 0..<3_000 where !waiting && running.process.isRunning {
      waiting =
        try watcher.query(
          """
          SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' \
          AND datname = current_database() AND pid <> pg_backend_pid()
          """
        ).int64(row: 0, column: 0) ?? 0 > 0
      if !waiting { try await Task.sleep(for: .milliseconds(20)) }
    }
    #expect(waiting, "movies never waited for the lock")
    return (running, holder, watcher)
  }

  /// Runs `movies` with `arguments` until it waits for `lock` on `url`, strikes it there with
  /// `fault`, lets go of the lock, and expects how it ended (`line`, when its server went away);
  /// the server is back when it returns.
  private func strike(
    _ fault: PostgresFault, _ arguments: [String], whileHolding lock: String,
    on server: (cluster: ThrowawayPostgres.Cluster, url: String), ending line: String = PostgresFault.lostConnectionLine
  ) async throws {
    let (running, holder, watcher) = try await blocked(arguments, whileHolding: lock, on: server.url)
    let holderID = Int(try holder.query("SELECT pg_backend_pid()").int64(row: 0, column: 0) ?? 0)
    try await fault.strike(running, cluster: server.cluster, watcher: watcher, sparing: [holderID])
    // A process that outlives the fault may go on (to undo a copy) past the lock; a stopped
    // server took the lock with it.
    try? holder.execute("ROLLBACK")
    let ended = try await running.finish()
    try await fault.recover(server.cluster)
    fault.expectEnding(ended, line: line)
  }

  /// A new database for a test of `fault`, holding the source's catalog.
  private func databaseHoldingTheSource(
    for fault: PostgresFault
  ) async throws -> (cluster: ThrowawayPostgres.Cluster, url: String) {
    let server = try await fault.makeDatabase()
    #expect(try await movies.run(["--store", source.path, "store", "copy", "--to", server.url]).status == 0)
    return server
  }

  /// Expects every command to refuse the catalog at `store`, naming a copy that did not finish,
  /// and `store check` to name it.
  private func expectRefusedAsPartialCopy(_ store: String) async throws {
    for command in [["list"], ["stats"], ["export"], ["history"], ["add", "--title", "X", "--date", "2001-01-01"]] {
      let result = try await movies.run(["--store", store] + command)
      #expect(result.status != 0, "\(command): \(result.stdout)")
      #expect(result.stderr.contains("it is incomplete: a copy from"), "\(command): \(result.stderr)")
    }
    let info = try await movies.run(["--store", store, "store", "info"])
    #expect(info.stdout.contains("refused by every command: it is incomplete: a copy from"), "\(info.stdout)")
    let check = try await movies.run(["--store", store, "store", "check"])
    #expect(check.status != 0)
    #expect((check.stdout + check.stderr).contains("it is incomplete: a copy from"), "\(check.stdout)")
    let again = try await movies.run(["--store", source.path, "store", "copy", "--to", store])
    #expect(again.status == 1)
    #expect(again.stderr.contains("it is incomplete"), "\(again.stderr)")
  }

  @Test(arguments: PostgresFault.allCases, ["movie_tags", "reviews"])
  func aCopyIntoADatabaseStoppedMidwayIsRefusedEverywhere(fault: PostgresFault, lockedTable: String) async throws {
    let server = try await fault.makeDatabase()
    // The catalog's tables exist, empty, so the lock can be taken before the copy.
    let empty = movies.folder.appendingPathComponent("empty.store")
    let id = try await movies.add("Solaris", ["--store", empty.path])
    #expect(try await movies.run(["--store", empty.path, "delete", id]).status == 0)
    #expect(try await movies.run(["--store", empty.path, "store", "copy", "--to", server.url]).status == 0)
    // A stopped server lets the copy remove nothing: it says so, and the mark stays.
    let notUndone =
      "movies: error: store unavailable: the connection to the PostgreSQL server was lost; removing what was "
      + "copied from \(server.url) failed too: it holds part of the copy, which every command refuses; remove it "
      + "and copy again\n"
    // EXCLUSIVE lets the copy count the rows, and stops its first write to the table.
    try await strike(
      fault, ["--store", source.path, "store", "copy", "--to", server.url],
      whileHolding: "LOCK TABLE \(lockedTable) IN EXCLUSIVE MODE", on: server,
      ending: fault == .serverRestarted ? notUndone : PostgresFault.lostConnectionLine)
    if fault == .serverGone {
      // The copy saw its connection go, and removed what it wrote through another.
      #expect(try await movies.listed(["--store", server.url]).isEmpty)
      #expect(try await movies.run(["--store", source.path, "store", "copy", "--to", server.url]).status == 0)
    } else {
      try await expectRefusedAsPartialCopy(server.url)
    }
  }

  @Test(arguments: PostgresFault.allCases)
  func aCopyFromADatabaseIntoAFileStoppedMidwayIsRefusedEverywhere(fault: PostgresFault) async throws {
    let server = try await databaseHoldingTheSource(for: fault)
    let file = movies.folder.appendingPathComponent("copy.store")
    // The movies are copied into the file; reading the reviews waits.
    try await strike(
      fault, ["--store", server.url, "store", "copy", "--to", file.path],
      whileHolding: "LOCK TABLE reviews IN ACCESS EXCLUSIVE MODE", on: server)
    if fault.isServerFault {
      // The copy saw its source go, and removed the file it had made.
      #expect(!FileManager.default.fileExists(atPath: file.path))
    } else {
      try await expectRefusedAsPartialCopy(file.path)
    }
  }

  @Test(arguments: PostgresFault.allCases)
  func anImportStoppedMidwayLeavesTheCatalogAsItWas(fault: PostgresFault) async throws {
    let server = try await databaseHoldingTheSource(for: fault)
    let before = try await movies.run(["--store", server.url, "export", "--format", "json"])
    let csv = movies.folder.appendingPathComponent("more.csv")
    try "title,date,rate,tags\nStalker,1979-05-25,9,new-tag\nMirror,1975-03-07,8,new-tag\n".write(
      to: csv, atomically: true, encoding: .utf8)
    // The movies are written; the new tag waits.
    try await strike(
      fault, ["--store", server.url, "import", csv.path], whileHolding: "LOCK TABLE tags IN EXCLUSIVE MODE",
      on: server)
    let after = try await movies.run(["--store", server.url, "export", "--format", "json"])
    #expect(after.status == 0, "\(after.stderr)")
    #expect(after.stdout == before.stdout)
  }

  @Test func ofTwoCopiesIntoOneDatabaseTheSecondIsRefusedBeforeWriting() async throws {
    let empty = movies.folder.appendingPathComponent("empty.store")
    let id = try await movies.add("Solaris", ["--store", empty.path])
    #expect(try await movies.run(["--store", empty.path, "delete", id]).status == 0)
    #expect(try await movies.run(["--store", empty.path, "store", "copy", "--to", database]).status == 0)
    let before = try await CatalogContents.read(source)
    let (first, holder, _) = try await blocked(
      ["--store", source.path, "store", "copy", "--to", database],
      whileHolding: "LOCK TABLE reviews IN EXCLUSIVE MODE", on: database)
    let second = try await movies.run(["--store", source.path, "store", "copy", "--to", database])
    #expect(second.status == 1)
    #expect(second.stderr.contains("it is incomplete: a copy from"), "\(second.stderr)")
    try holder.execute("ROLLBACK")
    let done = try await first.finish()
    #expect(done.status == 0, "\(done.stderr)")
    let back = movies.folder.appendingPathComponent("back.store")
    #expect(try await movies.run(["--store", database, "store", "copy", "--to", back.path]).status == 0)
    #expect(try await CatalogContents.read(back) == before)
  }

  @Test func ofTwoCopiesIntoOneFileTheSecondIsRefusedBeforeWriting() async throws {
    #expect(try await movies.run(["--store", source.path, "store", "copy", "--to", database]).status == 0)
    let before = try await CatalogContents.read(source)
    let file = movies.folder.appendingPathComponent("copy.store")
    let (first, holder, _) = try await blocked(
      ["--store", database, "store", "copy", "--to", file.path],
      whileHolding: "LOCK TABLE reviews IN ACCESS EXCLUSIVE MODE", on: database)
    let second = try await movies.run(["--store", source.path, "store", "copy", "--to", file.path])
    #expect(second.status == 1)
    #expect(second.stderr.contains("it is incomplete: a copy from"), "\(second.stderr)")
    try holder.execute("ROLLBACK")
    let done = try await first.finish()
    #expect(done.status == 0, "\(done.stderr)")
    #expect(try await CatalogContents.read(file) == before)
  }

  @Test func aTransactionRunningElsewhereOnTheServerDoesNotFailACopyFromIt() async throws {
    // A transaction of another database, begun before the source's history was written,
    // holds the history's order back until it ends, which it does during the copy.
    let elsewhere = try PostgresConnection(url: try ThrowawayPostgres.makeDatabase())
    try elsewhere.execute("BEGIN")
    try elsewhere.execute("SELECT pg_current_xact_id()")
    #expect(try await movies.run(["--store", source.path, "store", "copy", "--to", database]).status == 0)
    let before = try await CatalogContents.read(source)
    let file = movies.folder.appendingPathComponent("copy.store")
    let (copy, holder, _) = try await blocked(
      ["--store", database, "store", "copy", "--to", file.path],
      whileHolding: "LOCK TABLE reviews IN ACCESS EXCLUSIVE MODE", on: database)
    try elsewhere.execute("COMMIT")
    try holder.execute("ROLLBACK")
    let done = try await copy.finish()
    #expect(done.status == 0, "\(done.stderr)")
    #expect(try await CatalogContents.read(file) == before)
  }

  @Test(arguments: PostgresFault.allCases)
  func aMigrationStoppedMidwayLeavesTheDatabaseAtItsVersion(fault: PostgresFault) async throws {
    let server = try await fault.makeDatabase()
    let store = try await PostgresStore(
      url: server.url, for: CatalogSchemaV1.models, migrationPlan: CatalogPlanV1.self, poolSize: 1)
    try await PostgresRepository<CatalogSchemaV1.Movie>(store: store).insert(
      CatalogSchemaV1.Movie(title: "Alien", date: Date(timeIntervalSince1970: 296_438_400), rate: 9))
    // A reader of the movies holds the migration's first change of their table.
    try await strike(
      fault, ["--store", server.url, "store", "migrate"], whileHolding: "LOCK TABLE movies IN ACCESS SHARE MODE",
      on: server)
    let info = try await movies.run(["--store", server.url, "store", "info"])
    #expect(info.stdout.contains("needs a migration to"), "\(info.stdout)")
    #expect(try await movies.run(["--store", server.url, "store", "migrate"]).status == 0)
    #expect(try await movies.listed(["--store", server.url]).map { $0["title"] as? String } == ["Alien"])
  }
}
