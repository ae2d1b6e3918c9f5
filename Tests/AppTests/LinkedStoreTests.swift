import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A catalog with a hard link (`ln`, a backup made with `cp -al`) is not written through either
/// name: SQLite would keep a `-wal` beside each, and what one name saved the other would lose.
/// It can still be read, checked and copied to a file of its own.
@Suite("A catalog with a hard link")
struct LinkedStoreTests {
  let movies: MoviesProcess
  let link: String

  init() throws {
    movies = try MoviesProcess()
    link = movies.folder.appendingPathComponent("backup.store").path
  }

  @Test func refusesWritesThroughEitherNameAndSaysWhatToDo() async throws {
    _ = try await movies.add("Alien")
    #expect(Glibc.link(movies.defaultStore.path, link) == 0)
    for store in [movies.defaultStore.path, link] {
      let added = try await movies.run(["add", "--title", "Heat", "--date", "1995-12-15", "--store", store])
      #expect(added.status == 1)
      #expect(added.stderr.contains(store) && added.stderr.contains("2 hard links") && added.stderr.contains("cp"))
    }
    #expect(try await movies.listed(["--store", link]).map { $0["title"] as? String } == ["Alien"])
    let check = try await movies.run(["store", "check", "--store", link])
    #expect(check.status == 1)
    #expect(check.stdout.contains("2 hard links") && !check.stdout.contains("sound"))
    let copy = movies.folder.appendingPathComponent("own.store").path
    #expect(try await movies.run(["store", "copy", "--store", link, "--to", copy]).status == 0)
    #expect(try await movies.run(["add", "--title", "Heat", "--date", "1995-12-15", "--store", copy]).status == 0)
  }
}
