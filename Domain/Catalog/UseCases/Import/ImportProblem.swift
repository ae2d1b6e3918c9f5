/// What is wrong with one row of an import, or with the file itself: the line it starts on,
/// the field at fault and why.
public struct ImportProblem: Error, Equatable, Sendable, CustomStringConvertible {
  /// The line the row starts on, counting from 1.
  public let line: Int
  /// The field at fault: a column name, or `file` or `row` when no one field is.
  public let field: String
  /// Why the field was refused, in words for the person who wrote the file.
  public let reason: String

  /// Creates a problem report.
  public init(line: Int, field: String, reason: String) {
    self.line = line
    self.field = field
    self.reason = reason
  }

  /// `line 3, rate: the rate must be between 0 and 10, not 11`.
  public var description: String { "line \(line), \(field): \(reason)" }
}
