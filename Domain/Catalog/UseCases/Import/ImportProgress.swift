/// How far an import has come; reported after every batch and once at the end.
public struct ImportProgress: Sendable, Equatable {
  /// The rows read so far, valid or not.
  public var rowsRead = 0
  /// The rows that added a movie so far; they commit only when the whole import does.
  public var rowsAdded = 0
  /// The rows that changed a stored movie so far; they commit only when the whole import does.
  public var rowsUpdated = 0
  /// The rows that matched a stored movie that already had their values and tags, so far.
  public var rowsUnchanged = 0
  /// The rows refused so far: invalid, a second row for one movie, or in conflict with the store.
  public var invalidRows = 0

  /// The rows stored so far: added, updated or unchanged.
  public var rowsWritten: Int { rowsAdded + rowsUpdated + rowsUnchanged }

  /// Creates a report of an import's progress.
  public init(
    rowsRead: Int = 0, rowsAdded: Int = 0, rowsUpdated: Int = 0, rowsUnchanged: Int = 0, invalidRows: Int = 0
  ) {
    self.rowsRead = rowsRead
    self.rowsAdded = rowsAdded
    self.rowsUpdated = rowsUpdated
    self.rowsUnchanged = rowsUnchanged
    self.invalidRows = invalidRows
  }
}
