import Repositories

/// The rows a read skipped because their values cannot be decoded: counted, the first few
/// named with the reason, so that the read can go on and report them all at its end.
struct UnreadableRows {
  /// How many rows are named; more are counted.
  static let namedRows = 5

  private(set) var count = 0
  private var rows: [String] = []

  /// Records a skipped row, by its identifier as people read it, and the error that made it
  /// unreadable.
  mutating func note(row identifier: String, _ error: any Error) {
    note(row: identifier, (error as? PersistenceError)?.reason ?? "\(error)")
  }

  /// Records a skipped row, by its identifier as people read it, and why it cannot be read.
  mutating func note(row identifier: String, _ reason: String) {
    count += 1
    guard rows.count < Self.namedRows else { return }
    rows.append("\(identifier) (\(reason))")
  }

  /// `RepositoryError.unreadable` naming the skipped rows, or `nil` if none was.
  var error: RepositoryError? { count == 0 ? nil : .unreadable(count: count, rows: rows) }
}

extension PersistenceError {
  /// What is wrong, without the kind of error in front: for a list of rows and reasons.
  fileprivate var reason: String {
    switch self {
    case .invalidValue(let message), .unreadableFile(let message): message
    default: description
    }
  }
}
