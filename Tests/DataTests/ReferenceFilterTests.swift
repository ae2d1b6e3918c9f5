import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories
import RepositoryTesting
import TestSupport
import Testing

/// SQLite keeps the movies links refer to in one query (`id IN (SELECT movieID …)`), on a file
/// and in memory, and refuses links it does not store.
@Suite struct SQLiteReferenceFilterTests {
  @Test(arguments: [false, true])
  func referencedMoviesAreKeptAsSwiftPicksThem(inMemory: Bool) async throws {
    let folder = try TemporaryDirectory()
    let configuration =
      inMemory
      ? ModelConfiguration("Catalog", isStoredInMemoryOnly: true)
      : ModelConfiguration("Catalog", url: folder.file("catalog.store"))
    let container = try ModelContainer(for: CatalogModels.all, configurations: [configuration])
    try await ReferenceFilterChecks(
      movies: SQLiteRepository<Movie>(container: container), tags: SQLiteRepository<MovieTag>(container: container),
      taggings: SQLiteRepository<Tagging>(container: container)
    ).run()
  }

  @Test func linksOutsideTheStoreAreRefusedNotIgnored() async throws {
    let container = try ModelContainer(
      for: Movie.self, configurations: ModelConfiguration("Movies", isStoredInMemoryOnly: true))
    let movies = try SQLiteRepository<Movie>(container: container)
    try await movies.insert(Movie.alien)
    var descriptor = FetchDescriptor<Movie>()
    descriptor.keepReferenced(by: \Tagging.movieID, to: \Movie.id)
    await #expect(throws: RepositoryError.self) { try await movies.fetch(descriptor) }
    await #expect(throws: RepositoryError.self) { try await movies.fetchCount(descriptor) }
  }
}
