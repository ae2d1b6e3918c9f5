/// How far an import has come; reported after every batch and once at the end.
public struct ImportProgress: Sendable, Equatable {
  /// The rows read so far, valid or not.
  public var rowsRead = 0
  /// The rows written so far; they commit only when the whole import does.
  public var rowsWritten = 0
  /// The rows refused so far.
  public var invalidRows = 0

  /// Creates a report of an import's progress.
  public init(rowsRead: Int = 0, rowsWritten: Int = 0, invalidRows: Int = 0) {
    self.rowsRead = rowsRead
    self.rowsWritten = rowsWritten
    self.invalidRows = invalidRows
  }
}
