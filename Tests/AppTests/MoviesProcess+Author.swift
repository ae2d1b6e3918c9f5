import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories

extension MoviesProcess {
  /// Inserts a movie into the process's catalog through the engine, as another program of the
  /// same models would, recorded in the history under `author`.
  func insert(_ movie: Movie, author: String) async throws {
    try await insertEach([movie], author: author)
  }

  /// Inserts movies as `insert(_:author:)` does, each in a transaction of its own: a history of
  /// as many transactions, made in one process.
  func insertEach(_ movies: [Movie], author: String) async throws {
    switch engine {
    case .file:
      let container = try ModelContainer(
        for: CatalogModels.all, migrationPlan: CatalogMigrationPlan.self,
        configurations: [ModelConfiguration("Catalog", url: defaultStore)])
      defer { try? container.close() }
      let repository = try SQLiteRepository<Movie>(container: container, author: author)
      for movie in movies { try await repository.insert(movie) }
    case .postgres:
      let store = try await PostgresStore(url: store, for: CatalogModels.all, poolSize: 1)
      let repository = try PostgresRepository<Movie>(store: store, author: author)
      for movie in movies { try await repository.insert(movie) }
    }
  }
}
