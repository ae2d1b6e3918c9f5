/// How far an import has come; reported after every batch and once at the end.
public struct ImportProgress: Sendable, Equatable {
  /// The rows read so far, valid or not.
  public var rowsRead = 0
  /// The rows that added a movie so far; they commit only when the whole import does.
  public var rowsAdded = 0
  /// The rows that changed a stored movie so far; they commit only when the whole import does.
  public var rowsUpdated = 0
  /// The rows refused so far: invalid, a second row for one movie, or in conflict with the store.
  public var invalidRows = 0

  /// The rows written so far, added or updated.
  public var rowsWritten: Int { rowsAdded + rowsUpdated }

  /// Creates a report of an import's progress.
  public init(rowsRead: Int = 0, rowsAdded: Int = 0, rowsUpdated: Int = 0, invalidRows: Int = 0) {
    self.rowsRead = rowsRead
    self.rowsAdded = rowsAdded
    self.rowsUpdated = rowsUpdated
    self.invalidRows = invalidRows
  }
}
