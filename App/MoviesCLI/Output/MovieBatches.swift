import Catalog
import Repositories

/// Reads movies one at a time and hands them on in batches, so what is looked up per movie
/// (such as its tags) costs one query per batch and memory holds one batch, however many
/// movies there are.
enum MovieBatches {
  /// How many movies a batch holds: a few megabytes of movies without their images. Each
  /// batch's look-up of tags finds each movie's taggings through their index, so the size
  /// trades memory against one query a batch, not against reading every tagging.
  static let size = 10_000

  /// Calls `body` with consecutive batches of the movies `enumerate` yields; when it ends by
  /// naming movies it could not read (`RepositoryError.unreadable`), the last batch is handed
  /// on first, then that error is thrown.
  static func each(
    _ enumerate: ((Movie) async throws -> Void) async throws -> Void, _ body: @escaping ([Movie]) async throws -> Void
  ) async throws {
    var batch: [Movie] = []
    batch.reserveCapacity(size)
    // Damaged movies are reported after the last one read, so the last batch is handed on first.
    let unreadable = try await UnreadableMovies.finishing {
      try await enumerate { movie in
        batch.append(movie)
        if batch.count == size {
          try await body(batch)
          batch.removeAll(keepingCapacity: true)
        }
      }
    }
    if !batch.isEmpty { try await body(batch) }
    if let unreadable { throw unreadable }
  }
}
