import Foundation

/// A store that takes an import as one transaction, written in batches.
///
/// The import use case streams a file of any size through ``withImportTransaction(_:)``: it
/// writes a batch at a time, so memory stays flat, and everything it wrote commits together
/// when the body returns, or none of it when the body throws (a bad row, a cancelled import,
/// a failing disk).
public protocol MovieImportStore: Sendable {
  /// The writer a transaction hands to its body.
  associatedtype Writer: MovieImportWriter

  /// Runs `body` inside one write transaction and commits what it wrote when it returns.
  ///
  /// - Throws: whatever `body` throws, after rolling back everything it wrote; or
  ///   ``RepositoryError`` if the transaction cannot begin or commit, the store then being
  ///   left as it was.
  func withImportTransaction<T: Sendable>(_ body: (inout Writer) throws -> T) throws -> T
}

/// The writes of an import, made inside the transaction of a ``MovieImportStore``.
public protocol MovieImportWriter {
  /// Stores each movie, replacing the stored one with the same id or, failing that, the one
  /// with the same title and date; returns, in order, the id each movie is stored under (the
  /// stored movie's id when a title and date matched).
  ///
  /// - Throws: ``RepositoryError`` if the store refuses a movie.
  mutating func upsert(_ movies: [Movie]) throws -> [UUID]

  /// Gives a movie tags by name, creating the tags no movie has yet; a tag the movie already
  /// has is kept, once.
  ///
  /// - Throws: ``RepositoryError`` if the movie is not stored or the store refuses a tag.
  mutating func addTags(_ names: [String], to movieID: UUID) throws
}
