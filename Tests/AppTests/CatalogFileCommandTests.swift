import Foundation
import SQLValues
import SQLiteCore
import Testing

@testable import Persistence

@Suite("The catalog's files, handled as a careful Unix tool handles files, run as a user would")
struct CatalogFileCommandTests {
  let movies: MoviesProcess

  init() throws { movies = try MoviesProcess() }

  private func path(_ name: String) -> String { movies.folder.appendingPathComponent(name).path }

  private func mode(_ path: String) -> mode_t {
    var status = stat()
    lstat(path, &status)
    return status.st_mode & 0o777
  }

  /// Runs `movies` through `/bin/sh` with a umask, or as another user, as `prefix` says.
  private func run(_ prefix: [String], _ arguments: [String]) async throws -> MoviesProcess.Result {
    try await movies.run(through: prefix, arguments)
  }

  private static func umask(_ mask: String) -> [String] { ["/bin/sh", "-c", "umask \(mask); exec \"$0\" \"$@\""] }

  @Test func readingCommandsOnAMissingStoreFailNamingItAndCreateNothing() async throws {
    let store = path("typo/catalog.store")
    let id = UUID().uuidString
    for command in [
      ["list"], ["show", id], ["export"], ["export", "--output", path("out.csv")], ["stats"], ["history"],
      ["review", "list", id], ["store", "info"], ["store", "check"], ["store", "migrate"], ["rate", id, "3"],
      ["heart", id], ["update", id, "--title", "X"], ["delete", id], ["clear", "--yes"], ["tag", "add", id, "x"],
      ["review", "add", id, "--text", "x"], ["watch"],
    ] {
      let result = try await movies.run(["--store", store] + command)
      #expect(result.status == 1, "\(command)")
      #expect(
        result.stderr.contains("cannot open the store at \(store): no store exists there"),
        "\(command): \(result.stderr)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: movies.folder.path).isEmpty)
    // The default store too, chosen by MOVIES_STORE or by the data folder.
    #expect(try await movies.run(["list"], environment: ["MOVIES_STORE": store]).status == 1)
    #expect(try await movies.run(["list"]).status == 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: movies.folder.path).isEmpty)
  }

  @Test func aRefusedFirstAddCreatesNoStore() async throws {
    let store = path("new/catalog.store")
    let result = try await movies.run(["--store", store, "add", "--title", " ", "--date", "2001-01-01"])
    #expect(result.status == 2)
    #expect(try FileManager.default.contentsOfDirectory(atPath: movies.folder.path).isEmpty)
  }

  @Test func anImportWhoseEveryRowIsRefusedLeavesNoNewStoreButKeepsAnExistingOne() async throws {
    let store = path("new/folder/catalog.store")
    let csv = path("bad.csv")
    try Data("title,date\n,2001-01-01\nHeat,not a date\n".utf8).write(to: URL(fileURLWithPath: csv))
    let refused = try await movies.run(["--store", store, "import", csv])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("nothing was imported"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: movies.folder.path) == ["bad.csv"])
    // The same failure on a store that exists leaves it, and what it holds, as it was.
    try await movies.add("Alien", ["--store", store])
    #expect(try await movies.run(["--store", store, "import", csv]).status == 1)
    #expect(try await movies.listed(["--store", store]).map { $0["title"] as? String } == ["Alien"])
  }

  @Test(.timeLimit(.minutes(5))) func aWriteWaitingOnAFailedFirstImportFailsSayingTheStoreWasRemoved() async throws {
    let store = path("new/catalog.store")
    let importing = try RunningMovies(movies, ["--store", store, "import", "-", "--format", "csv", "--quiet"])
    importing.write("title,date\n")
    // The import has created the store and holds its write lock, waiting for rows.
    let deadline = Date().addingTimeInterval(20)
    while !FileManager.default.fileExists(atPath: store), Date() < deadline { usleep(20_000) }
    let adding = try RunningMovies(movies, ["--store", store, "add", "--title", "Alien", "--date", "1979-05-25"])
    // The add has the store open before the import fails (a fixed pause was not enough under
    // load: the add then came after the removal and made a store of its own).
    let opened = Date().addingTimeInterval(60)
    while !Self.hasOpen(store, adding.process.processIdentifier), Date() < opened { usleep(20_000) }
    usleep(200_000)
    importing.write(",2001-01-01\n")
    #expect(try await importing.finish().status == 1)
    let added = try await adding.finish()
    // The waiting write does not vanish into the removed file: it fails, saying so.
    #expect(added.status == 1)
    #expect(added.stderr.contains("the store was removed or moved away while open"), "\(added.stderr)")
    #expect(!FileManager.default.fileExists(atPath: store))
  }

  /// Whether the process has the file open, by its descriptors' links.
  private static func hasOpen(_ path: String, _ process: Int32) -> Bool {
    let folder = "/proc/\(process)/fd"
    let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return descriptors.contains {
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)")) == path
    }
  }

  @Test func aFailedFirstAddAfterTheStoreOpenedLeavesNoNewStore() async throws {
    let store = path("new/catalog.store")
    // The folder for images is in the way: the movie is refused after the store was created.
    try FileManager.default.createDirectory(atPath: path("new"), withIntermediateDirectories: true)
    try Data("not a folder".utf8).write(to: URL(fileURLWithPath: store + ".external"))
    let image = path("poster.png")
    try Data([1]).write(to: URL(fileURLWithPath: image))
    let result = try await movies.run([
      "--store", store, "add", "--title", "Up", "--date", "2009-05-29", "--image", image,
    ])
    #expect(result.status == 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: path("new")) == ["catalog.store.external"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: store + ".external")) == Data("not a folder".utf8))
  }

  @Test func anEmptyStorePathIsAUsageError() async throws {
    let result = try await movies.run(["--store", "", "list"])
    #expect(
      result
        == .init(
          status: 2, stdout: "",
          stderr: "movies: error: --store expects a file path, got '' (see 'movies list --help')\n"))
    #expect(try await movies.run(["export", "--output", ""]).status == 2)
  }

  @Test(arguments: ["000", "022"])
  func aNewStoreItsFoldersAndFilesArePrivateWhateverTheUmask(_ mask: String) async throws {
    let store = path("new/folder/catalog.store")
    let image = path("poster.png")
    #expect(FileManager.default.createFile(atPath: image, contents: Data([1, 2, 3])))
    let added = try await run(
      Self.umask(mask), ["--store", store, "add", "--title", "Alien", "--date", "1979-05-25", "--image", image])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(mode(path("new")) == 0o700)
    #expect(mode(path("new/folder")) == 0o700)
    #expect(mode(store) == 0o600)
    #expect(mode(store + ".external") == 0o700)
    for name in try FileManager.default.contentsOfDirectory(atPath: store + ".external") {
      #expect(mode(store + ".external/" + name) == 0o600)
    }
    // While a reader holds it open, its log and index are private too.
    let watcher = try RunningMovies(movies, ["--store", store, "watch"])
    defer { watcher.signal(SIGTERM) }
    for _ in 0..<100 where !FileManager.default.fileExists(atPath: store + "-shm") { usleep(20_000) }
    #expect(mode(store + "-shm") == 0o600)
    #expect(mode(store + "-wal") == 0o600)
  }

  @Test func aStoreReachedThroughALinkOrMovedWithItsFilesKeepsItsImages() async throws {
    let image = path("poster.png")
    #expect(FileManager.default.createFile(atPath: image, contents: Data([1, 2, 3])))
    try FileManager.default.createDirectory(atPath: path("real"), withIntermediateDirectories: false)
    let id = try await movies.add("Alien", ["--store", path("real/catalog.store"), "--image", image])
    try FileManager.default.moveItem(atPath: path("real"), toPath: path("moved"))
    try FileManager.default.createSymbolicLink(atPath: path("link.store"), withDestinationPath: "moved/catalog.store")
    for store in [path("moved/catalog.store"), path("link.store")] {
      for command in [["list"], ["show", id], ["export"], ["heart", id]] {
        let result = try await movies.run(["--store", store] + command)
        #expect(result.status == 0, "\(command) via \(store): \(result.stderr)")
      }
    }
    #expect(!FileManager.default.fileExists(atPath: path("link.store.external")))
  }

  @Test(.enabled(if: MoviesProcess.asNobody != nil))
  func aStoreMadeReadOnlyKeepsWorkingOnceWritableAgain() async throws {
    // As a user whom permissions bind: root writes whatever the mode says.
    #expect(chown(movies.folder.path, 65534, 65534) == 0)
    let nobody = try #require(MoviesProcess.asNobody)
    let store = path("catalog.store")
    #expect(try await run(nobody, ["--store", store, "add", "--title", "Alien", "--date", "1979-05-25"]).status == 0)
    #expect(chmod(store, 0o444) == 0)
    #expect(try await run(nobody, ["--store", store, "list"]).status == 0)
    let refused = try await run(nobody, ["--store", store, "add", "--title", "Ran", "--date", "1985-06-01"])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("the store is read-only: its file's permissions do not let you write it"))
    #expect(chmod(store, 0o644) == 0)
    let added = try await run(nobody, ["--store", store, "add", "--title", "Heat", "--date", "1995-12-15"])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(try await run(nobody, ["--store", store, "list"]).stdout.contains("Heat"))
  }

  @Test(.enabled(if: MoviesProcess.asNobody != nil))
  func aStoreInAFolderTheUserCannotWriteIsReportedByItsFolder() async throws {
    let store = path("catalog.store")
    try await movies.add("Alien", ["--store", store])
    #expect(chown(store, 65534, 65534) == 0)
    let nobody = try #require(MoviesProcess.asNobody)
    // Reading it works (read-only, as it lies); a change names the folder.
    #expect(try await run(nobody, ["--store", store, "list"]).stdout.contains("Alien"))
    let result = try await run(nobody, ["--store", store, "heart", try await movies.add("Ran", ["--store", store])])
    #expect(result.status == 1)
    #expect(result.stderr.contains("its folder is not writable"), "\(result.stderr)")
    // A new store, through a link to the folder: the real folder is named (it was a bare "Permission denied").
    try FileManager.default.createSymbolicLink(atPath: path("link"), withDestinationPath: movies.folder.path)
    let created = try await run(
      nobody, ["--store", path("link/new.store"), "add", "--title", "Heat", "--date", "1995-12-15"])
    #expect(created.status == 1)
    #expect(created.stderr.contains("its folder \(movies.folder.path) is not writable"), "\(created.stderr)")
  }

  @Test func anotherApplicationsDatabaseIsLeftByteIdenticalWithNoSidecars() async throws {
    // Another application's database, in WAL mode, with no log beside it once closed.
    let other = path("other.db")
    try Connection(location: .file(other), readOnly: false).execute("CREATE TABLE notes (id INTEGER PRIMARY KEY)")
    let before = try Data(contentsOf: URL(fileURLWithPath: other))
    for command in [["list"], ["add", "--title", "A", "--date", "2001-01-01"]] {
      let result = try await movies.run(["--store", other] + command)
      #expect(result.status == 1, "\(command)")
      #expect(result.stderr.contains("match no known schema version"), "\(command): \(result.stderr)")
    }
    // Inspecting it reads it, and finds it is no catalog.
    #expect(try await movies.run(["--store", other, "store", "info"]).stdout.contains("unknown"))
    #expect(try await movies.run(["--store", other, "store", "check"]).status == 1)
    #expect(try Data(contentsOf: URL(fileURLWithPath: other)) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: movies.folder.path) == ["other.db"])
  }

  @Test func storeCheckRepairLeavesAnotherApplicationsDatabaseAsItWas() async throws {
    // One open to other users (a mode a catalog would be made private from), one whose header
    // versions alone look wrong (which a catalog's would be reset).
    let open = path("open.db")
    try Connection(location: .file(open), readOnly: false).execute("CREATE TABLE notes (id INTEGER PRIMARY KEY)")
    #expect(chmod(open, 0o644) == 0)
    let flipped = path("flipped.db")
    try Connection(location: .file(flipped), readOnly: false).execute("CREATE TABLE notes (id INTEGER PRIMARY KEY)")
    let handle = try #require(FileHandle(forUpdatingAtPath: flipped))
    try handle.seek(toOffset: 18)
    try handle.write(contentsOf: Data([0x82]))
    try handle.close()
    for file in [open, flipped] {
      let before = try Data(contentsOf: URL(fileURLWithPath: file))
      let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? NSNumber
      let result = try await movies.run(["--store", file, "store", "check", "--repair"])
      #expect(result.status == 1)
      #expect(!result.stdout.contains("repaired:"), "\(file): \(result.stdout)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before, "\(file)")
      #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? NSNumber == mode)
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: movies.folder.path).sorted() == ["flipped.db", "open.db"])
  }

  @Test func aStorePathThatIsAFIFOIsRefusedWithoutWaitingForAWriter() async throws {
    let fifo = path("fifo.store")
    #expect(mkfifo(fifo, 0o600) == 0)
    for command in [["list"], ["add", "--title", "A", "--date", "2001-01-01"], ["store", "info"]] {
      let result = try await movies.run(["--store", fifo] + command)
      #expect(result.status == 1)
      #expect(result.stderr.contains("it is not a regular file"), "\(command): \(result.stderr)")
    }
  }

  @Test func aMigrationBackupThroughALinkGoesBesideTheRealFileAndIsPrivate() async throws {
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/catalog-1.0.0.store")
    try FileManager.default.createDirectory(atPath: path("real"), withIntermediateDirectories: false)
    try FileManager.default.copyItem(atPath: fixture.path, toPath: path("real/old.store"))
    try FileManager.default.createSymbolicLink(atPath: path("link.store"), withDestinationPath: "real/old.store")
    let migrated = try await movies.run(["--store", path("link.store"), "store", "migrate", "--backup"])
    #expect(migrated.status == 0, "\(migrated.stderr)")
    let backup = path("real/old.store.1.0.0.backup")
    #expect(migrated.stdout.hasSuffix("Backup: \(backup)\n"))
    #expect(mode(backup) == 0o600)
    #expect(!FileManager.default.fileExists(atPath: path("link.store.1.0.0.backup")))
  }

  @Test func aRelativeStorePathIsResolvedAsTheFileSystemResolvesIt() async throws {
    // `link/..` is the parent of the link's target, not the folder holding the link.
    try FileManager.default.createDirectory(atPath: path("real/inner"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: path("link"), withDestinationPath: "real/inner")
    let inFolder = ["/bin/sh", "-c", "cd '\(movies.folder.path)' && exec \"$0\" \"$@\""]
    #expect(
      try await run(inFolder, ["--store", "link/../catalog.store", "add", "--title", "A", "--date", "2001-01-01"])
        .status == 0
    )
    #expect(FileManager.default.fileExists(atPath: path("real/catalog.store")))
    #expect(!FileManager.default.fileExists(atPath: path("catalog.store")))
  }

  @Test func twoProcessesCreatingTheStoreAtOnceBothSucceed() async throws {
    let store = path("new/catalog.store")
    let writers = try (0..<4).map { index in
      try RunningMovies(movies, ["--store", store, "add", "--title", "Movie \(index)", "--date", "2001-01-01"])
    }
    for writer in writers {
      let result = try await writer.finish()
      #expect(result.status == 0, "\(result.stderr)")
    }
    #expect(try await movies.listed(["--store", store]).count == 4)
    #expect(try FileManager.default.contentsOfDirectory(atPath: path("new")).filter { $0.hasPrefix(".") }.isEmpty)
  }

  @Test func theDemoHonoursTheStoreOptionAndNeverTouchesTheCatalog() async throws {
    let store = path("mine/catalog.store")
    try await movies.add("Mine", ["--store", store])
    let demo = try await movies.run(["--store", store, "demo"])
    #expect(demo.status == 0, "\(demo.stderr)")
    #expect(demo.stdout.hasPrefix("Demo store: \(path("mine/demo.store"))\n"))
    #expect(try await movies.listed(["--store", store]).map { $0["title"] as? String } == ["Mine"])
    #expect(!FileManager.default.fileExists(atPath: movies.defaultStore.deletingLastPathComponent().path))
    // A catalog named demo.store is not emptied by the demo.
    let named = path("demo.store")
    try await movies.add("Kept", ["--store", named])
    #expect(try await movies.run(["--store", named, "demo"]).status == 1)
    #expect(try await movies.listed(["--store", named]).count == 1)
  }

  @Test func exportWritesThroughLinksAndKeepsModesAndHardLinks() async throws {
    let store = path("catalog.store")
    try await movies.add("Alien", ["--store", store])
    let target = path("export.csv")
    #expect(FileManager.default.createFile(atPath: target, contents: Data("old\n".utf8)))
    #expect(chmod(target, 0o600) == 0)
    #expect(link(target, path("hard.csv")) == 0)
    try FileManager.default.createSymbolicLink(atPath: path("link.csv"), withDestinationPath: "export.csv")
    let result = try await movies.run(["--store", store, "export", "--output", path("link.csv")])
    #expect(result.status == 0, "\(result.stderr)")
    let exported = try String(contentsOfFile: path("hard.csv"), encoding: .utf8)
    #expect(exported.hasPrefix("id,title,"))
    #expect(exported.contains("Alien"))
    #expect(mode(target) == 0o600)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path("link.csv")) == "export.csv")
    // Standard output by name: `-` and /dev/stdout.
    #expect(try await movies.run(["--store", store, "export", "--output", "-"]).stdout == exported)
    #expect(try await movies.run(["--store", store, "export", "--output", "/dev/stdout"]).stdout.hasPrefix(exported))
    #expect(try await movies.run(["--store", store, "export", "--output", movies.folder.path]).status == 1)
    // Exporting over the catalog itself would destroy it.
    let before = try Data(contentsOf: URL(fileURLWithPath: store))
    let overStore = try await movies.run(["--store", store, "export", "--output", store])
    #expect(overStore.status == 1)
    #expect(overStore.stderr.contains("it is one of the catalog's own files"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
    #expect(try await movies.listed(["--store", store]).count == 1)
  }

  @Test func aStorePathEndingInASlashIsAUsageErrorAndCreatesNothing() async throws {
    // URL dropped the slash: `--store new/` created a store named `new`.
    let result = try await movies.run(["--store", path("new") + "/", "add", "--title", "Alien", "--date", "2001-01-01"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--store expects a file path"))
    #expect(try await movies.run(["list"], environment: ["MOVIES_STORE": path("new") + "/"]).status == 2)
    #expect(try FileManager.default.contentsOfDirectory(atPath: movies.folder.path).isEmpty)
  }

  @Test func exportNeverWritesTheCatalogsLogIndexJournalOrImages() async throws {
    let store = path("catalog.store")
    let image = path("poster.png")
    #expect(FileManager.default.createFile(atPath: image, contents: Data([1, 2, 3])))
    _ = try await movies.run(["--store", store, "add", "--title", "Alien", "--date", "1979-05-25", "--image", image])
    let images = try FileManager.default.contentsOfDirectory(atPath: store + ".external")
    // Writing the -wal of an open store (as export did) loses what it holds; the -shm, what readers share.
    for target in [
      store + "-wal", store + "-shm", store + "-journal", store + ".external/" + images[0], store + ".external/new",
    ] {
      let before = FileManager.default.contents(atPath: target)
      let result = try await movies.run(["--store", store, "export", "--output", target])
      #expect(result.status == 1, "\(target)")
      #expect(result.stderr.contains("it is one of the catalog's own files"), "\(target): \(result.stderr)")
      #expect(FileManager.default.contents(atPath: target) == before, "\(target)")
    }
    #expect(try await movies.listed(["--store", store]).count == 1)
    await #expect(
      try movies.run(["--store", store, "show", (try movies.listed(["--store", store]))[0]["id"] as! String]).status
        == 0)
  }

  @Test func exportToAFIFOWhoseReaderGoesAwaySaysSoInsteadOfDyingSilently() async throws {
    let store = path("catalog.store")
    let rows = (0..<1000).map {
      "\(UUID().uuidString),Movie \($0),\(String(repeating: "x", count: 200)),2001-01-01,5,0,,"
    }
    let input = path("in.csv")
    try (["id,title,content,date,rate,heart,tags,runtime"] + rows).joined(separator: "\n").write(
      toFile: input, atomically: false, encoding: .utf8)
    #expect(try await movies.run(["--store", store, "import", input]).status == 0)
    let fifo = path("fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    // A reader that takes one byte and goes away, as `head -c 1` does.
    let reader = Thread {
      let descriptor = open(fifo, O_RDONLY)
      var byte: UInt8 = 0
      _ = read(descriptor, &byte, 1)
      close(descriptor)
    }
    reader.start()
    let result = try await movies.run(["--store", store, "export", "--output", fifo])
    // Killed by SIGPIPE, it said nothing and exited 141 from a shell.
    #expect(result.status == 1)
    #expect(result.stderr.contains("cannot write '\(fifo)': its reader closed it before the end"), "\(result.stderr)")
  }

  @Test(.timeLimit(.minutes(5))) func watchStopsSayingSoWhenTheStoreIsReplaced() async throws {
    let store = path("catalog.store")
    #expect(try await movies.run(["--store", store, "add", "--title", "Alien", "--date", "1979-05-25"]).status == 0)
    #expect(
      try await movies.run(["--store", path("other.store"), "add", "--title", "Heat", "--date", "1995-12-15"]).status
        == 0)
    let watching = try RunningMovies(movies, ["--store", store, "watch"])
    // Replaced once the watch has listed the first file (a fixed pause could come first on a
    // busy machine, and the watch then opened the new file). Before the fix it watched the
    // old file forever, and the test's time limit ended it.
    try await watching.waitForOutput()
    rename(path("other.store"), store)
    let result = try await watching.finish()
    #expect(result.status == 1)
    #expect(result.stderr.contains("the store was replaced by another file while open"), "\(result.stderr)")
  }
}
