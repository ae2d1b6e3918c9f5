import Domain
import Foundation
import Testing

@testable import Persistence

@Suite("Images are kept as files beside the store")
struct ExternalStorageTests {
  let folder: TemporaryDirectory
  let movies: SQLiteRepository<Movie>
  var files: URL { folder.file("catalog.store.external") }

  init() throws {
    folder = try TemporaryDirectory()
    let container = try ModelContainer(
      for: Movie.self, configurations: ModelConfiguration("Catalog", url: folder.file("catalog.store")))
    movies = try SQLiteRepository<Movie>(container: container)
  }

  private func storedFiles() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: files.path).sorted()
  }

  private func permissions(_ url: URL) throws -> Int {
    (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }

  @Test func imagesRoundTripExactlyAsPrivateFiles() async throws {
    let poster = Data((0..<70_000).map { UInt8($0 % 256) })
    let movie = Movie(title: "Alien", images: [poster, Data(), Data([0])], date: .now)
    try await movies.insert(movie)
    #expect(try await movies.fetch(id: movie.id)?.images == movie.images)
    #expect(try storedFiles().count == 3)
    #expect(try permissions(files) == 0o700)
    for name in try storedFiles() {
      #expect(try permissions(files.appendingPathComponent(name)) == 0o600)
      #expect(name.count == 32, "files are named by generated ids, never by user text")
    }
  }

  @Test func filesNoRowNamesAreRemovedAfterUpdatesAndDeletes() async throws {
    var movie = Movie(title: "Alien", images: [Data([1]), Data([2])], date: .now)
    try await movies.insert([movie, Movie(title: "Heat", images: [Data([3])], date: .now)])
    #expect(try storedFiles().count == 3)
    movie.images = [Data([4])]
    try await movies.update(movie)
    #expect(try storedFiles().count == 2)
    try await movies.delete(movie)
    #expect(try storedFiles().count == 1)
    try await movies.deleteAll()
    #expect(try storedFiles().isEmpty)
  }

  @Test func aFailedInsertLeavesNoFileBehind() async throws {
    try await movies.insert(Movie(title: "Alien", date: Date(timeIntervalSinceReferenceDate: 0)))
    await #expect(throws: (any Error).self) {
      try await movies.insert([
        Movie(title: "Heat", images: [Data([9])], date: .now),
        Movie(title: "Alien", date: Date(timeIntervalSinceReferenceDate: 0)),
      ])
    }
    try await movies.insert(Movie(title: "Up", date: .now))
    #expect(try storedFiles().isEmpty, "the next commit collects what the rolled-back one wrote")
  }

  @Test func aStoredNameCannotReachOutsideTheFolder() async throws {
    let movie = Movie(title: "Alien", images: [Data([1])], date: .now)
    try await movies.insert(movie)
    let secret = folder.file("secret")
    try Data("secret".utf8).write(to: secret)
    // Tamper with the stored name through a second connection, as a hostile store file could.
    let connection = try Connection(location: .file(folder.file("catalog.store").path), readOnly: false)
    try connection.execute(#"UPDATE "movies" SET "images" = '["../secret"]'"#)
    await #expect(throws: RepositoryError.invalidValue("'../secret' is not the name of an external file")) {
      try await movies.fetch(id: movie.id)
    }
  }
}
