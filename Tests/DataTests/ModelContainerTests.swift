import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories
import RepositoryTesting
import SQLValues
import SQLiteCore
import TestSupport
import Testing

@Suite("ModelContainer opens one store per named configuration")
struct ModelContainerTests {
  let folder: TemporaryDirectory

  init() throws { folder = try TemporaryDirectory() }

  @Test func twoConfigurationsWithOneNameAreAnError() throws {
    #expect(throws: PersistenceError.duplicateConfiguration("Catalog")) {
      try ModelContainer(
        for: Movie.self,
        configurations: ModelConfiguration("Catalog", url: folder.file("a.store")),
        ModelConfiguration("Catalog", url: folder.file("b.store")))
    }
    #expect(!FileManager.default.fileExists(atPath: folder.file("b.store").path))
  }

  @Test func eachConfigurationIsItsOwnFile() async throws {
    let container = try ModelContainer(
      for: Movie.self,
      configurations: ModelConfiguration("Mine", url: folder.file("mine.store")),
      ModelConfiguration("Shared", url: folder.file("shared.store")))
    let mine = try SQLiteRepository<Movie>(container: container, configuration: "Mine")
    let shared = try SQLiteRepository<Movie>(container: container, configuration: "Shared")
    try await mine.insert(Movie(title: "Alien", date: .now))
    #expect(try await mine.fetchCount(FetchDescriptor()) == 1)
    #expect(try await shared.fetchCount(FetchDescriptor()) == 0)
    #expect(throws: PersistenceError.unknownConfiguration("several configurations store Movie; name the one to use")) {
      try SQLiteRepository<Movie>(container: container)
    }
    #expect(throws: PersistenceError.unknownConfiguration("the container has no configuration named 'Other'")) {
      try SQLiteRepository<Movie>(container: container, configuration: "Other")
    }
  }

  @Test func aConfigurationStoresOnlyItsSchema() throws {
    let container = try ModelContainer(
      for: Movie.self, EdgeRecord.self,
      configurations: ModelConfiguration("Movies", schema: Schema(Movie.self), url: folder.file("movies.store")),
      ModelConfiguration("Edges", schema: Schema(EdgeRecord.self), isStoredInMemoryOnly: true))
    #expect(throws: PersistenceError.unknownConfiguration("the configuration 'Movies' does not store EdgeRecord")) {
      try SQLiteRepository<EdgeRecord>(container: container, configuration: "Movies")
    }
    _ = try SQLiteRepository<EdgeRecord>(container: container)
  }

  @Test func aFileThatIsNotADatabaseIsAnErrorAndStaysUntouched() throws {
    let url = folder.file("corrupt.store")
    let garbage = Data(repeating: 0xAB, count: 8192)
    try garbage.write(to: url)
    #expect(throws: PersistenceError.cannotOpen(path: url.path, reason: "it is not a store (not a SQLite database)")) {
      try ModelContainer(for: Movie.self, configurations: ModelConfiguration("Catalog", url: url))
    }
    #expect(try Data(contentsOf: url) == garbage)
  }

  @Test func aReadOnlyStoreThatDoesNotExistIsNotCreated() throws {
    let url = folder.file("missing.store")
    #expect(throws: PersistenceError.cannotOpen(path: url.path, reason: "no store exists there")) {
      try ModelContainer(for: Movie.self, configurations: ModelConfiguration("Catalog", url: url, allowsSave: false))
    }
    #expect(!FileManager.default.fileExists(atPath: url.path))
  }

  @Test func aReadOnlyStoreReadsButRefusesWrites() async throws {
    let url = folder.file("catalog.store")
    let alien = Movie(title: "Alien", date: Date(timeIntervalSinceReferenceDate: 0), rate: 9)
    do {
      let writable = try ModelContainer(for: Movie.self, configurations: ModelConfiguration("Catalog", url: url))
      try await SQLiteRepository<Movie>(container: writable).insert(alien)
    }
    let readOnly = try ModelContainer(
      for: Movie.self, configurations: ModelConfiguration("Catalog", url: url, allowsSave: false))
    let movies = try SQLiteRepository<Movie>(container: readOnly)
    #expect(try await movies.fetchAll() == [alien])
    await #expect(throws: RepositoryError.self) { try await movies.insert(Movie(title: "Heat", date: .now)) }
    await #expect(throws: RepositoryError.self) { try await movies.deleteAll() }
    #expect(try await movies.fetchAll() == [alien])
  }

  @Test func aReadOnlyStoreReadsItsImagesAndCreatesNothing() async throws {
    let url = folder.file("images.store")
    let alien = Movie(title: "Alien", images: [Data([1, 2, 3])], date: Date(timeIntervalSinceReferenceDate: 0))
    do {
      let writable = try ModelContainer(for: Movie.self, configurations: ModelConfiguration("Catalog", url: url))
      try await SQLiteRepository<Movie>(container: writable).insert(alien)
    }
    let readOnly = try ModelContainer(
      for: Movie.self, configurations: ModelConfiguration("Catalog", url: url, allowsSave: false))
    #expect(try await SQLiteRepository<Movie>(container: readOnly).fetchAll() == [alien])
    let bare = folder.file("bare.store")
    // A copy of the store without its folder of files: opening it read-only creates nothing.
    try FileManager.default.copyItem(at: url, to: bare)
    _ = try ModelContainer(for: Movie.self, configurations: ModelConfiguration("Catalog", url: bare, allowsSave: false))
    #expect(!FileManager.default.fileExists(atPath: bare.path + ".external"))
  }

  @Test func aStoreWhoseTableLacksAColumnIsAnErrorAndStaysUntouched() throws {
    let url = folder.file("old.store")
    let old = try ModelContainer(
      for: OldMovieRecord.self, configurations: ModelConfiguration("Catalog", url: url))
    _ = old
    let before = try Data(contentsOf: url)
    #expect(throws: PersistenceError.self) {
      try ModelContainer(for: Movie.self, configurations: ModelConfiguration("Catalog", url: url))
    }
    #expect(try Data(contentsOf: url) == before)
  }
}

/// An earlier shape of the movies table, without most columns.
struct OldMovieRecord: PersistentModel {
  static let entity = Entity<OldMovieRecord>(table: "movies")
  var id: UUID
  var title: String
}
