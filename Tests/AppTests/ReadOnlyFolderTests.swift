import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Runs `movies` as a user who may read a catalog but not write it or its folder: as this user
/// when it is not root (a folder it made read-only stops it), else as `nobody`, since root may
/// write anywhere.
struct ReadingUser {
  let movies: MoviesProcess

  /// Why the tests cannot run here, if they cannot: root with no `setpriv`, or a `movies`
  /// binary `nobody` cannot reach.
  static var unavailable: String? {
    guard geteuid() == 0 else { return nil }
    guard MoviesProcess.asNobody != nil else { return "root without setpriv" }
    var reachable = URL(fileURLWithPath: "/")
    for component in MoviesProcess.executable.pathComponents.dropFirst() {
      reachable.appendPathComponent(component)
      guard let mode = try? FileManager.default.attributesOfItem(atPath: reachable.path)[.posixPermissions] as? Int,
        mode & 0o001 != 0
      else { return "nobody cannot reach \(MoviesProcess.executable.path)" }
    }
    return nil
  }

  func run(_ arguments: [String]) async throws -> MoviesProcess.Result {
    guard let nobody = MoviesProcess.asNobody else { return try await movies.run(arguments) }
    return try await movies.run(through: nobody, arguments)
  }
}

@Suite(
  "A catalog the user may read but not write is read, and left as it was",
  .disabled(if: ReadingUser.unavailable != nil, "\(ReadingUser.unavailable ?? "")"))
struct ReadOnlyFolderTests {
  let movies: MoviesProcess
  let user: ReadingUser
  /// A folder the user may enter and read, made read-only once the catalog is in it.
  let shelf: URL
  let store: URL

  init() throws {
    movies = try MoviesProcess()
    user = ReadingUser(movies: movies)
    shelf = movies.folder.appendingPathComponent("shelf")
    store = shelf.appendingPathComponent("catalog.store")
    try FileManager.default.createDirectory(at: shelf, withIntermediateDirectories: true)
    for folder in [movies.folder, shelf] { chmod(folder.path, 0o755) }
  }

  /// Makes the shelf and the store read-only to everyone, runs `body`, then lets the folder be
  /// removed again.
  private func readOnly<T>(_ body: () async throws -> T) async rethrows -> T {
    chmod(store.path, 0o444)
    chmod(shelf.path, 0o555)
    defer { chmod(shelf.path, 0o755) }
    return try await body()
  }

  private func contents() throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: shelf.path) {
      files[name] = try Data(contentsOf: shelf.appendingPathComponent(name))
    }
    return files
  }

  @Test func everyReadingCommandReadsItAndNothingBesideItChanges() async throws {
    let id = try await movies.add("Alien", date: "1979-05-25", rate: 9, ["--store", store.path])
    for arguments in [["tag", "add", id, "horror"], ["review", "add", id, "--author", "ann", "--text", "Tense"]] {
      #expect(try await movies.run(["--store", store.path] + arguments).status == 0)
    }
    let before = try contents()
    #expect(before.keys.sorted() == ["catalog.store"])
    let copy = movies.folder.appendingPathComponent("copy/catalog.store")
    try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
    chmod(copy.deletingLastPathComponent().path, 0o777)
    try await readOnly {
      for (arguments, shows) in [
        (["list"], "Alien"), (["list", "--tag", "horror", "--format", "csv"], "Alien"),
        (["list", "--search", "lie"], "Alien"),
        (["show", id], "Alien"), (["stats"], "Movies:"), (["export", "--format", "jsonl"], "\"Alien\""),
        (["history"], id), (["review", "list", id], "Tense"), (["store", "copy", "--to", copy.path], "Copied"),
      ] {
        let result = try await user.run(["--store", store.path] + arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        #expect(result.stdout.contains(shows), "\(arguments): \(result.stdout)")
      }
      #expect(try contents() == before, "no -wal or -shm left, the store unchanged")
    }
    #expect(try await movies.run(["--store", copy.path, "show", id]).stdout.contains("Alien"))
  }

  @Test func aChangeOrAMigrationIsRefusedWithTheReason() async throws {
    let id = try await movies.add("Alien", date: "1979-05-25", rate: 9, ["--store", store.path])
    let older = shelf.appendingPathComponent("older.store")
    try FileManager.default.copyItem(
      at: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/catalog-history-3.0.0.store"),
      to: older)
    chmod(older.path, 0o444)
    let before = try contents()
    try await readOnly {
      let rate = try await user.run(["--store", store.path, "rate", id, "3"])
      #expect(rate.status == 1)
      #expect(rate.stderr.contains("is not writable"), "\(rate.stderr)")
      let list = try await user.run(["--store", older.path, "list"])
      #expect(list.status == 1)
      #expect(list.stderr.contains("needs a migration, but it is read-only"), "\(list.stderr)")
      #expect(try contents() == before)
    }
  }
}
