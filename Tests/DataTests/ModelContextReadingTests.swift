import Catalog
import CatalogStorage
import Foundation
import Repositories
import RepositoryTesting
import TestSupport
import Testing

@testable import Persistence

@Suite("ModelContext: fetchIdentifiers and enumerate, on a store file")
struct ModelContextReadingTests {
  let store: CatalogStoreFile

  init() throws { store = try CatalogStoreFile() }

  @Test func fetchIdentifiersReturnsTheIdentifiersOfWhatFetchReturns() async throws {
    try await store.movies.insert(Movie.samples)
    let context = try ModelContext(store.container)
    let descriptor = FetchDescriptor<Movie>(
      predicate: #Predicate { $0.rate >= 8 }, sortBy: [SortDescriptor(\.title, order: .reverse)], fetchLimit: 3)
    let expected = Movie.samples.filter { $0.rate >= 8 }.sorted { $0.title > $1.title }.prefix(3).map(\.id)
    #expect(try context.fetchIdentifiers(descriptor) == Array(expected))
    #expect(try context.fetchIdentifiers(descriptor) == context.fetch(descriptor).map(\.id))
  }

  @Test func fetchIdentifiersReadsNoExternalFile() async throws {
    try await store.movies.insert([.alien, .withManyImages])
    let files = store.folder.file("catalog.store.external")
    for name in try FileManager.default.contentsOfDirectory(atPath: files.path).filter(ExternalFiles.isValidName) {
      try FileManager.default.removeItem(at: files.appendingPathComponent(name))  // every image gone
    }
    let context = try ModelContext(store.container)
    #expect(throws: (any Error).self) { try context.fetch(FetchDescriptor<Movie>()) }
    #expect(Set(try context.fetchIdentifiers(FetchDescriptor<Movie>())) == [Movie.alien.id, Movie.withManyImages.id])
  }

  @Test func autosaveLetsFetchIdentifiersSeeStagedChanges() throws {
    let context = try ModelContext(store.container)
    context.insert(Movie.alien)
    #expect(try context.fetchIdentifiers(FetchDescriptor<Movie>()).isEmpty)
    context.autosaveEnabled = true
    #expect(try context.fetchIdentifiers(FetchDescriptor<Movie>()) == [Movie.alien.id])
  }

  @Test func enumerateHandsOnEveryModelInOrderWhateverTheBatchSize() async throws {
    try await store.movies.insert(Movie.samples)
    let context = try ModelContext(store.container)
    let descriptor = FetchDescriptor<Movie>(sortBy: [SortDescriptor(\.date)])
    let expected = try context.fetch(descriptor).map(\.title)
    for batchSize in [1, 2, 4, Movie.samples.count, 5000] {
      var titles: [String] = []
      try context.enumerate(descriptor, batchSize: batchSize) { titles.append($0.title) }
      #expect(titles == expected, "batch size \(batchSize)")
    }
    #expect(throws: RepositoryError.invalidValue("enumerate needs a batch size of at least 1, not 0")) {
      try context.enumerate(descriptor, batchSize: 0) { _ in }
    }
  }

  @Test func enumerateRefusesChangesLeftStagedUnlessAllowed() async throws {
    try await store.movies.insert(Movie.samples)
    let context = try ModelContext(store.container)
    var seen = 0
    #expect {
      try context.enumerate(FetchDescriptor<Movie>(), batchSize: 2) { movie in
        seen += 1
        var hearted = movie
        hearted.heart += 1
        context.update(hearted)
      }
    } throws: { error in
      guard case RepositoryError.unsupportedQuery = error else { return false }
      return true
    }
    #expect(seen == 2, "the enumeration ends after the first batch")
    #expect(context.changedModelsArray.count == 2, "the changes stay staged")
    context.rollback()

    try context.enumerate(FetchDescriptor<Movie>(), batchSize: 2) { movie in
      var hearted = movie
      hearted.heart += 1
      context.update(hearted)
      try context.save()  // saved in the block: nothing escapes
    }
    var escaped = 0
    try context.enumerate(FetchDescriptor<Movie>(), batchSize: 2, allowEscapingMutations: true) { movie in
      escaped += 1
      context.delete(movie)
    }
    #expect(context.deletedModelsArray.count == escaped)
    #expect(try await store.movies.fetch(FetchDescriptor()).map(\.heart) == Movie.samples.map { $0.heart + 1 })
    try context.save()
    #expect(try await store.movies.fetchCount(FetchDescriptor()) == 0)
  }

  @Test func enumerateEndsWithWhatTheBlockThrows() async throws {
    struct Stop: Error {}
    try await store.movies.insert(Movie.samples)
    let context = try ModelContext(store.container)
    var seen = 0
    #expect(throws: Stop.self) {
      try context.enumerate(FetchDescriptor<Movie>(), batchSize: 4) { _ in
        seen += 1
        if seen == 3 { throw Stop() }
      }
    }
    #expect(seen == 3)
  }
}
