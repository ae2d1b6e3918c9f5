public import Catalog
import Foundation
public import Persistence
import Repositories
import SQLiteCore

/// The catalog's ``Catalog/MovieImportStore`` on SQLite: an import runs as one write
/// transaction on the store that holds movies and their tags.
///
/// ```swift
/// let importer = try SQLiteMovieImporter(container: container)
/// let done = try ImportMovies(store: importer)(from: &rows)
/// ```
///
/// The transaction holds the store's connection for as long as the import runs; other
/// operations on the store wait for it.
public struct SQLiteMovieImporter: MovieImportStore {
  /// The page cache an import may use, in KiB.
  static let cacheKiB = 64 * 1024

  let store: Store
  let movies: TableSchema
  let tags: TableSchema
  let taggings: TableSchema
  /// The author the store's history records for imports.
  public let author: String?

  /// Creates the importer for the configuration that stores `Movie`, `MovieTag` and `Tagging`;
  /// the history records its imports under `author`.
  ///
  /// - Throws: ``PersistenceError/unknownConfiguration(_:)`` if no configuration (or not the
  ///   named one) stores all three.
  public init(container: ModelContainer, configuration: String? = nil, author: String? = nil) throws(PersistenceError) {
    self.author = author
    let (store, movies) = try container.store(for: Movie.self, configuration: configuration)
    let (tagStore, tags) = try container.store(for: MovieTag.self, configuration: configuration)
    let (taggingStore, taggings) = try container.store(for: Tagging.self, configuration: configuration)
    guard tagStore === store, taggingStore === store else {
      throw .unknownConfiguration("movies, tags and taggings must be stored in one configuration to import")
    }
    self.store = store
    self.movies = movies
    self.tags = tags
    self.taggings = taggings
  }

  /// Runs `body` inside one write transaction and commits what it wrote when it returns.
  ///
  /// - Throws: whatever `body` throws, after rolling back all it wrote; `RepositoryError` if
  ///   the transaction cannot begin or commit.
  public func withImportTransaction<T: Sendable>(_ body: (inout SQLiteMovieImportWriter) throws -> T) throws -> T {
    do {
      return try store.write(replacesFiles: false, author: author) { state in
        // The import's changes stay in a larger page cache until the commit instead of spilling
        // to the write-ahead log page by page. Both sizes are bounds, so memory stays flat.
        let cacheSize = try state.connection.statement("PRAGMA cache_size")
        let previous = try cacheSize.step() ? cacheSize.int64(at: 0) : -2000
        cacheSize.reset()
        try state.connection.execute("PRAGMA cache_size = -\(Self.cacheKiB); PRAGMA defer_foreign_keys = ON")
        // Restoring the size cannot be thrown from a `defer`; a failure leaves a larger but still
        // bounded cache on this connection, which changes no data.
        defer { try? state.connection.execute("PRAGMA cache_size = \(previous)") }
        var writer = try SQLiteMovieImportWriter(state: state, movies: movies, tags: tags, taggings: taggings)
        let result = try body(&writer)
        // Building an index sorts in memory up to the cache size; the usual size keeps that small.
        try state.connection.execute("PRAGMA cache_size = \(previous)")
        try writer.finish()
        return result
      }
    } catch let error as SQLiteError {
      throw RepositoryError(error, modelName: "Movie")
    } catch let error as PersistenceError {
      throw RepositoryError(error, modelName: "Movie")
    }
  }
}
