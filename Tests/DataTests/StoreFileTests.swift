import CSQLite
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

/// What a file looks like on disk: its bytes and which of its `-wal`, `-shm` and `-journal`
/// files exist, to prove that opening it changed nothing.
private struct Snapshot: Equatable {
  let bytes: Data?
  let sidecars: [String]

  init(_ url: URL) {
    bytes = FileManager.default.contents(atPath: url.path)
    sidecars = ["-wal", "-shm", "-journal"].filter { FileManager.default.fileExists(atPath: url.path + $0) }
  }

  init(bytes: Data?, sidecars: [String]) {
    self.bytes = bytes
    self.sidecars = sidecars
  }
}

@Suite("A store's file is found, recognized and created with care")
struct StoreFileTests {
  let folder: TemporaryDirectory

  init() throws { folder = try TemporaryDirectory() }

  /// Runs SQL on a database through SQLite alone, as another application would.
  private func foreign(_ url: URL, _ sql: String) throws {
    var db: OpaquePointer?
    defer { sqlite3_close_v2(db) }
    guard sqlite3_open(url.path, &db) == SQLITE_OK, sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
      throw SQLiteError(extendedCode: sqlite3_errcode(db), message: String(cString: sqlite3_errmsg(db)))
    }
  }

  private func openCatalog(_ url: URL, creating: Bool = true) throws -> ModelContainer {
    try ModelContainer(
      for: CatalogModels.all, migrationPlan: CatalogMigrationPlan.self,
      configurations: [ModelConfiguration("Catalog", url: url, allowsCreation: creating)])
  }

  private func mode(_ path: String) throws -> Int {
    (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }

  /// Expects opening `url` as a catalog, and as a plain store of movies, to fail with a reason
  /// containing `reason` (`plain` for the plain store, when it differs), leaving the file exactly as it was, with no `-wal`, `-shm` or journal.
  private func expectRefused(_ url: URL, _ reason: String, plain plainReason: String? = nil) throws {
    let before = Snapshot(url)
    // The catalog with its migration plan, and a plain store of movies without one ("" skips it).
    var opens: [(() throws -> Void, String)] = [({ _ = try openCatalog(url) }, reason)]
    if plainReason != "" {
      opens.append(
        ({ _ = try ModelContainer(for: Movie.self, configurations: .init(url: url)) }, plainReason ?? reason))
    }
    for (open, reason) in opens {
      do {
        try open()
        Issue.record("\(url.lastPathComponent) was opened as a store")
      } catch let PersistenceError.cannotOpen(path, why) {
        #expect(path == url.path)
        #expect(why.contains(reason), "\(why)")
      }
      #expect(Snapshot(url) == before)
    }
    #expect(!FileManager.default.fileExists(atPath: url.path + ".external"))
  }

  @Test func anotherApplicationsWALDatabaseIsLeftByteIdenticalWithNoSidecars() throws {
    let url = folder.file("other.db")
    try foreign(url, "PRAGMA journal_mode = WAL; CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT);")
    #expect(Snapshot(url).sidecars.isEmpty)
    try expectRefused(url, "match no known schema version", plain: "another application's database")
  }

  @Test func anotherApplicationsRollbackDatabaseKeepsItsJournalMode() throws {
    let url = folder.file("other.sqlite")
    try foreign(url, "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes VALUES (1, 'x');")
    try expectRefused(url, "match no known schema version", plain: "another application's database")
    // The header still says rollback journal (file format versions 1), not WAL (2).
    let header = try #require(FileManager.default.contents(atPath: url.path)).prefix(20)
    #expect(header[18] == 1 && header[19] == 1)
  }

  @Test func garbageAnEmptyFileAFolderAndAFIFOAreRefusedUntouched() throws {
    let garbage = folder.file("garbage.store")
    try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: garbage)
    try expectRefused(garbage, "not a store (not a SQLite database)")
    let empty = folder.file("empty.store")
    try Data().write(to: empty)
    try expectRefused(empty, "the file is empty")
    let short = folder.file("short.store")
    try Data("SQLite format 3\u{0}".utf8).write(to: short)
    try expectRefused(short, "not a store")
    let directory = folder.file("folder.store")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
    try expectRefused(directory, "it is a folder")
    // Opening a FIFO to read it would wait for a writer forever; it is refused unopened.
    let fifo = folder.file("fifo.store")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    try expectRefused(fifo, "not a regular file")
  }

  @Test(arguments: [
    "CREATE TRIGGER spy AFTER INSERT ON movies BEGIN DELETE FROM reviews; END",
    "CREATE VIEW everything AS SELECT * FROM movies",
    "CREATE VIRTUAL TABLE search USING fts5(title)",
  ])
  func aStoreWithATriggerViewOrVirtualTableIsRefusedBeforeAnyWrite(_ object: String) throws {
    let url = folder.file("hostile.store")
    _ = try openCatalog(url)
    try foreign(url, "PRAGMA journal_mode = DELETE; \(object)")
    try expectRefused(url, "its schema holds a")
  }

  @Test func aCatalogOfANewerVersionIsLeftWithoutSidecars() throws {
    let url = folder.file("newer.store")
    _ = try openCatalog(url)
    try foreign(url, "UPDATE _schema_version SET version = '99.0.0'")
    // A container without a migration plan knows no versions; only the catalog's is asked.
    try expectRefused(url, "newer than this app's", plain: "")
  }

  @Test func aStoreWithAnyHeaderByteChangedOpensOrIsLeftUntouched() throws {
    let original = folder.file("original.store")
    _ = try openCatalog(original)
    let pristine = try Data(contentsOf: original)
    let url = folder.file("mutated.store")
    var refused = 0
    for offset in 0..<100 {
      for value: UInt8 in [0, 2, 0xFF] where pristine[offset] != value {
        var bytes = pristine
        bytes[offset] = value
        try? FileManager.default.removeItem(at: url)
        for suffix in ["-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
        try bytes.write(to: url)
        do {
          _ = try openCatalog(url)
        } catch {
          refused += 1
          #expect(Snapshot(url) == Snapshot(bytes: bytes, sidecars: []), "byte \(offset) = \(value): \(error)")
        }
      }
    }
    #expect(refused > 0)
  }

  @Test func aMissingStoreIsNotCreatedWhenCreationIsNotAllowed() throws {
    let url = folder.file("not/yet/here.store")
    #expect(throws: PersistenceError.cannotOpen(path: url.path, reason: "no store exists there")) {
      try openCatalog(url, creating: false)
    }
    #expect(!FileManager.default.fileExists(atPath: folder.file("not").path))
  }

  @Test func aNewStoreItsFoldersAndItsFilesArePrivate() async throws {
    let url = folder.file("new/folders/catalog.store")
    let container = try openCatalog(url)
    let movies = try SQLiteRepository<Movie>(container: container)
    try await movies.insert(Movie(title: "Alien", images: [Data([1, 2, 3])], date: .now))
    #expect(try mode(url.path) == 0o600)
    #expect(try mode(url.path + "-wal") == 0o600)
    #expect(try mode(url.path + "-shm") == 0o600)
    #expect(try mode(folder.file("new").path) == 0o700)
    #expect(try mode(folder.file("new/folders").path) == 0o700)
    let files = url.appendingPathExtension("external")
    #expect(try mode(files.path) == 0o700)
    for name in try FileManager.default.contentsOfDirectory(atPath: files.path) {
      #expect(try mode(files.appendingPathComponent(name).path) == 0o600)
    }
    // Nothing of the creation is left beside the store.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path).sorted() == [
        "catalog.store", "catalog.store-shm", "catalog.store-wal", "catalog.store.external",
      ])
  }

  @Test func aStoreReachedThroughALinkKeepsItsFilesBesideTheRealFile() async throws {
    let real = folder.file("real/catalog.store")
    try FileManager.default.createDirectory(at: folder.file("real"), withIntermediateDirectories: false)
    let link = folder.file("link.store")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real/catalog.store")
    let poster = Data([9, 8, 7])
    let id = UUID()
    // A dangling link: the store is created where it points.
    let viaLink = try SQLiteRepository<Movie>(container: try openCatalog(link))
    try await viaLink.insert(Movie(id: id, title: "Alien", images: [poster], date: .now))
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real/catalog.store")
    #expect(FileManager.default.fileExists(atPath: real.path + ".external"))
    #expect(!FileManager.default.fileExists(atPath: link.path + ".external"))
    let direct = try SQLiteRepository<Movie>(container: try openCatalog(real))
    #expect(try await direct.fetch(id: id)?.images == [poster])
  }

  @Test func sidecarsLeftWithAnotherModeTakeTheStoresModeAgain() async throws {
    let url = folder.file("catalog.store")
    _ = try openCatalog(url)
    // As a reader leaves them while the store was read-only.
    for suffix in ["-wal", "-shm"] {
      #expect(FileManager.default.createFile(atPath: url.path + suffix, contents: nil))
      #expect(chmod(url.path + suffix, 0o444) == 0)
    }
    let movies = try SQLiteRepository<Movie>(container: try openCatalog(url))
    #expect(try mode(url.path + "-wal") == 0o600)
    #expect(try mode(url.path + "-shm") == 0o600)
    try await movies.insert(Movie(title: "Alien", date: .now))
    #expect(try await movies.fetchCount(FetchDescriptor<Movie>()) == 1)
  }

  @Test func everyConnectionIsDefensiveAndDoesNotTrustTheSchema() throws {
    let connection = try Connection(location: .file(folder.file("c.sqlite").path), readOnly: false)
    let trusted = try connection.statement("PRAGMA trusted_schema")
    #expect(try trusted.step() && trusted.int64(at: 0) == 0)
    trusted.reset()
    try connection.execute("CREATE TABLE t (x)")
    try connection.execute("PRAGMA writable_schema = ON")
    #expect(throws: SQLiteError.self) {
      try connection.execute("UPDATE sqlite_schema SET sql = 'CREATE TABLE t (y)' WHERE name = 't'")
    }
  }

  @Test func aMigrationBackupIsANewPrivateFileAndNeverOverwritesOne() throws {
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/catalog-1.0.0.store")
    let url = folder.file("old.store")
    let backup = url.path + ".1.0.0.backup"
    try FileManager.default.copyItem(at: fixture, to: url)
    let open = {
      try ModelContainer(
        for: CatalogModels.all, migrationPlan: CatalogMigrationPlan.self,
        backupBeforeMigration: true, configurations: [ModelConfiguration("Catalog", url: url)])
    }
    // A dangling link at the backup's path is not followed, and nothing is created where it points.
    try FileManager.default.createSymbolicLink(atPath: backup, withDestinationPath: folder.file("elsewhere").path)
    let before = Snapshot(url)
    #expect(throws: PersistenceError.self) { try open() }
    #expect(Snapshot(url) == before)
    #expect(!FileManager.default.fileExists(atPath: folder.file("elsewhere").path))
    // An empty file there (which VACUUM INTO alone would fill) is kept as it is.
    try FileManager.default.removeItem(atPath: backup)
    #expect(FileManager.default.createFile(atPath: backup, contents: Data()))
    #expect(throws: PersistenceError.self) { try open() }
    #expect(try Data(contentsOf: URL(fileURLWithPath: backup)).isEmpty)
    try FileManager.default.removeItem(atPath: backup)
    _ = try open()
    #expect(try mode(backup) == 0o600)
  }

  @Test(arguments: ["missing/../catalog.store", "new/.", "new/..", "new/./.."])
  func aPathThroughDotDotOfAMissingFolderOrNamingAFolderIsRefusedCreatingNothing(_ name: String) throws {
    let url = folder.file(name)
    do {
      _ = try openCatalog(url)
      Issue.record("\(name) was created")
    } catch let PersistenceError.cannotOpen(path, why) {
      #expect(path == url.path)
      #expect(why.contains("does not exist") || why.contains("names a folder"), "\(why)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
  }

  @Test func aStoreNameAsLongAsItsWALAllowsIsCreatedAndALongerOneRefusedLeavingNothing() throws {
    // The temporary name a store is built under was longer than the store's, and failed.
    for name in [String(repeating: "n", count: 251), String(repeating: "é", count: 125)] {
      _ = try openCatalog(folder.file(name))
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == [name])
      try FileManager.default.removeItem(at: folder.file(name))
    }
    let long = folder.file(String(repeating: "n", count: 252))
    do {
      _ = try openCatalog(long)
      Issue.record("a 252-byte name was created")
    } catch let PersistenceError.cannotOpen(_, why) {
      #expect(why.contains("name is too long"), "\(why)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
  }

  @Test(arguments: ["-wal", "-shm", "-journal"])
  func aLogIndexOrJournalThatIsNotARegularFileOfItsOwnIsRefusedAndNothingIsWritten(_ suffix: String) throws {
    let url = folder.file("catalog.store")
    _ = try openCatalog(url)
    let before = Snapshot(url)
    let sidecar = url.path + suffix
    let victim = folder.file("victim").path
    // A hard link made SQLite write its log into another file; a FIFO journal made it wait forever.
    let plant: [(String, () throws -> Void)] = [
      ("a hard link", { #expect(link(victim, sidecar) == 0) }),
      ("a symbolic link", { try FileManager.default.createSymbolicLink(atPath: sidecar, withDestinationPath: victim) }),
      ("a FIFO", { #expect(mkfifo(sidecar, 0o600) == 0) }),
      ("a folder", { try FileManager.default.createDirectory(atPath: sidecar, withIntermediateDirectories: false) }),
    ]
    for (kind, make) in plant {
      #expect(FileManager.default.createFile(atPath: victim, contents: Data("precious".utf8)))
      try make()
      do {
        _ = try SQLiteRepository<Movie>(container: try openCatalog(url))
        Issue.record("a store with \(kind) as its \(suffix) was opened")
      } catch let PersistenceError.cannotOpen(_, why) {
        #expect(why.contains("its \(suffix) file is not a regular file of its own"), "\(kind): \(why)")
      }
      #expect(FileManager.default.contents(atPath: victim) == Data("precious".utf8), "\(kind)")
      #expect(FileManager.default.contents(atPath: url.path) == before.bytes, "\(kind)")
      try FileManager.default.removeItem(atPath: sidecar)
      try FileManager.default.removeItem(atPath: victim)
    }
    #expect(Snapshot(url) == before)
  }

  @Test(arguments: [true, false])
  func anObserverStopsWithAnErrorWhenItsStoreIsReplacedOrRemoved(_ replaced: Bool) async throws {
    let url = folder.file("catalog.store")
    let container = try openCatalog(url)
    let other = folder.file("other.store")
    _ = try openCatalog(other)
    let changes = try container.history(of: [Movie.self], interval: .milliseconds(10))
    // It went on watching the old file, unseen by anyone opening the path.
    if replaced {
      #expect(rename(other.path, url.path) == 0)
    } else {
      try FileManager.default.removeItem(at: url)
    }
    let observing = Task {
      var iterator = changes.makeAsyncIterator()
      return try await iterator.next()
    }
    // Before, it waited on the old file forever: cancelled after five seconds, it fails.
    let deadline = Task {
      try await Task.sleep(for: .seconds(5))
      observing.cancel()
    }
    defer { deadline.cancel() }
    do {
      _ = try await observing.value
      Issue.record("the observer went on")
    } catch let PersistenceError.cannotOpen(_, why) {
      #expect(
        why
          == (replaced
            ? "the store was replaced by another file while open" : "the store was removed or moved away while open"))
    }
  }
}
