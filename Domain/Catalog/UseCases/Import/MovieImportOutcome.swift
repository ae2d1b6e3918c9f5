public import Foundation

/// What a ``MovieImportWriter`` did with one row of an import.
public enum MovieImportOutcome: Sendable, Equatable {
  /// The row added a movie, stored under this id.
  case added(UUID)
  /// The row changed the stored movie with this id.
  case updated(UUID)
  /// Nothing was written: an earlier row of the same import, on this line, already wrote the
  /// same movie (the same id, or the same title and date).
  case duplicate(ofLine: Int)
  /// Nothing was written: the row's title and date belong to another stored movie, this one.
  case conflict(with: UUID)
}
