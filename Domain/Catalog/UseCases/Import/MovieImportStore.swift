import Foundation
import Repositories

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
  /// Writes each row and returns, in order, what became of it.
  ///
  /// A row with an id changes the movie with that id, or adds it under that id; a row without
  /// one changes the movie with its title and date, or adds a movie with a new id. A change
  /// sets only the fields the row gives (``MovieImportRow/fields``), the title and date among
  /// them, and keeps the rest, images always; given tags become the movie's only tags. A row
  /// is not written when an earlier row of the same transaction wrote the same movie
  /// (``MovieImportOutcome/duplicate(ofLine:)``), or when its title and date belong to another
  /// movie (``MovieImportOutcome/conflict(with:)``).
  ///
  /// - Throws: ``RepositoryError`` if the store refuses a row for another reason.
  mutating func write(_ rows: [MovieImportRow]) throws -> [MovieImportOutcome]
}
