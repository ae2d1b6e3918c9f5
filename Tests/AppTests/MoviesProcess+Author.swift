import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories

extension MoviesProcess {
  /// Inserts a movie into the process's catalog through the engine, as another program of the
  /// same models would, recorded in the history under `author`.
  func insert(_ movie: Movie, author: String) async throws {
    switch engine {
    case .file:
      let container = try ModelContainer(
        for: CatalogModels.all, migrationPlan: CatalogMigrationPlan.self,
        configurations: [ModelConfiguration("Catalog", url: defaultStore)])
      defer { try? container.close() }
      try await SQLiteRepository<Movie>(container: container, author: author).insert(movie)
    case .postgres:
      let store = try await PostgresStore(url: store, for: CatalogModels.all, poolSize: 1)
      try await PostgresRepository<Movie>(store: store, author: author).insert(movie)
    }
  }
}
