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

  /// The files the store wrote (its journal aside).
  private func storedFiles() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: files.path).filter(ExternalFiles.isValidName).sorted()
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
      #expect(ExternalFiles.isValidName(name), "files are named by generated ids, never by user text")
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
    await #expect(
      throws: RepositoryError.unavailable(
        "Movie \(movie.id.uuidString.lowercased()): '../secret' is not the name of an external file")
    ) {
      try await movies.fetch(id: movie.id)
    }
  }

  // MARK: What is not the store's is never removed

  @Test func aStrangersFileWithAGeneratedLookingNameSurvivesUpdatesAndDeletes() async throws {
    var movie = Movie(title: "Alien", images: [Data([1])], date: .now)
    try await movies.insert(movie)
    let stranger = files.appendingPathComponent("0123456789abcdef0123456789abcdef")
    try Data("not the store's".utf8).write(to: stranger)
    movie.images = [Data([2])]
    try await movies.update(movie)
    _ = try await movies.update(id: movie.id) { $0.heart += 1 }
    try await movies.delete(movie)
    try await movies.deleteAll()
    #expect(try Data(contentsOf: stranger) == Data("not the store's".utf8))
    #expect(try storedFiles() == ["0123456789abcdef0123456789abcdef"])
  }

  @Test func aFileWrittenForATransactionThatNeverCommittedIsRemovedByTheNextWrite() async throws {
    // As a writer killed after writing its file and before its commit leaves it: journaled,
    // in the folder, named by no row and not in the manifest.
    let orphan = "fedcba9876543210fedcba9876543210"
    try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
    try Data([7]).write(to: files.appendingPathComponent(orphan))
    try ExternalJournal(folder: files).append([orphan])
    let stranger = "00000000000000000000000000000001"
    try Data([8]).write(to: files.appendingPathComponent(stranger))
    try await movies.insert(Movie(title: "Up", images: [Data([1])], date: .now))
    #expect(try !storedFiles().contains(orphan))
    #expect(try storedFiles().contains(stranger), "a file the journal does not name is not the store's")
  }

  @Test func aStoreFromBeforeTheManifestAdoptsTheFilesItsRowsName() async throws {
    let kept = Movie(title: "Alien", images: [Data([1]), Data([2])], date: .now)
    try await movies.insert(kept)
    let url = folder.file("catalog.store")
    let connection = try Connection(location: .file(url.path), readOnly: false)
    try connection.execute("DROP TABLE \"\(ExternalManifest.table)\"")
    let stranger = "00000000000000000000000000000002"
    try Data([8]).write(to: files.appendingPathComponent(stranger))
    let reopened = try SQLiteRepository<Movie>(
      container: try ModelContainer(for: Movie.self, configurations: ModelConfiguration("Catalog", url: url)))
    try await reopened.deleteAll()
    #expect(try storedFiles() == [stranger], "the adopted files go with their rows; the stranger's stays")
  }

  // MARK: A missing file fails only what needs it

  @Test func aMissingFileFailsOnlyTheReadsThatNeedItNamingTheModel() async throws {
    let damaged = Movie(title: "Alien", images: [Data([1])], date: Date(timeIntervalSinceReferenceDate: 0))
    let sound = Movie(title: "Heat", images: [Data([2])], date: Date(timeIntervalSinceReferenceDate: 1))
    try await movies.insert([damaged, sound])
    let names = try storedFiles()
    for name in names where try Data(contentsOf: files.appendingPathComponent(name)) == Data([1]) {
      try FileManager.default.removeItem(at: files.appendingPathComponent(name))
    }
    let id = damaged.id.uuidString.lowercased()
    await #expect {
      try await movies.fetch(id: damaged.id)
    } throws: { error in
      "\(error)".contains("Movie \(id)") && "\(error)".contains("is missing")
    }
    #expect(try await movies.fetch(id: sound.id) == sound)
    var listing = FetchDescriptor<Movie>(sortBy: [SortDescriptor(\.date)])
    listing.propertiesToFetch = [\.title, \.date]
    let listed = try await movies.fetch(listing)
    #expect(listed.map(\.title) == ["Alien", "Heat"])
    #expect(listed.map(\.images.count) == [1, 1], "names are counted, files are not read")
    var cursorTitles: [String] = []
    for try await movie in movies.cursor(listing) { cursorTitles.append(movie.title) }
    #expect(cursorTitles == ["Alien", "Heat"])
    let hearted = try await movies.update(id: damaged.id, properties: [\.heart]) { $0.heart += 1 }
    #expect(hearted.heart == 1)
    #expect(try storedFiles().count == 1, "a partial update neither rewrites nor collects the images")
    var partial = FetchDescriptor<Movie>(predicate: #Predicate { $0.heart > 0 })
    partial.propertiesToFetch = [\.heart, \.title, \.rate, \.content]
    #expect(try await movies.fetch(partial).map(\.heart) == [1])
  }

  @Test func aSymbolicLinkInPlaceOfAFileIsNotFollowed() async throws {
    let movie = Movie(title: "Alien", images: [Data([1])], date: .now)
    try await movies.insert(movie)
    let name = try #require(try storedFiles().first)
    let secret = folder.file("secret")
    try Data("secret".utf8).write(to: secret)
    try FileManager.default.removeItem(at: files.appendingPathComponent(name))
    try FileManager.default.createSymbolicLink(at: files.appendingPathComponent(name), withDestinationURL: secret)
    await #expect {
      try await movies.fetch(id: movie.id)
    } throws: { error in
      "\(error)".contains("symbolic link")
    }
  }

  @Test func propertiesToFetchThatAreNotStoredAreRefused() async throws {
    var descriptor = FetchDescriptor<Movie>()
    descriptor.propertiesToFetch = [\.id, \.images.count]
    await #expect(throws: RepositoryError.self) { try await movies.fetch(descriptor) }
  }

  @Test func aTruncatedFileIsFoundDamagedNotReadShort() async throws {
    let movie = Movie(title: "Alien", images: [Data(repeating: 7, count: 1_000)], date: .now)
    try await movies.insert(movie)
    let name = try #require(try storedFiles().first)
    #expect(name.hasSuffix("-1000"), "the name records the size written")
    try Data(repeating: 7, count: 10).write(to: files.appendingPathComponent(name))
    await #expect {
      try await movies.fetch(id: movie.id)
    } throws: { error in
      "\(error)".contains("is damaged: 10 bytes, not the 1000 written")
    }
  }
}
