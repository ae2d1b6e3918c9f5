import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories
import RepositoryTesting
import TestSupport

/// A catalog store file of movies and reviews in a new temporary folder, for the suites of
/// `ModelContext`: its container, and a repository to check what was saved.
struct CatalogStoreFile {
  let folder: TemporaryDirectory
  let container: ModelContainer
  let movies: SQLiteRepository<Movie>

  init() throws {
    folder = try TemporaryDirectory()
    container = try ModelContainer(
      for: Movie.self, Review.self, configurations: ModelConfiguration("Catalog", url: folder.file("catalog.store")))
    movies = try SQLiteRepository(container: container)
  }

  /// The stored movies' titles, in title order.
  func storedTitles() async throws -> [String] {
    try await movies.fetch(FetchDescriptor(sortBy: [SortDescriptor(\.title)])).map(\.title)
  }
}
