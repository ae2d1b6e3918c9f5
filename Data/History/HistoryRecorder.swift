import Foundation

/// Collects the changes of one write transaction and records them in the store's history
/// before the transaction commits.
///
/// Writes tell it each row they insert, update or delete — cascaded deletes included, found
/// before the delete runs (see `CascadeScanner`). Changes are written to the history a few
/// thousand at a time, so an import of a million rows keeps little in memory; a transaction
/// that changed nothing leaves no record.
final class HistoryRecorder {
  private static let batch = 4_096

  private let connection: Connection
  private let author: String?
  private let modelNames: [String: String]
  private var pending: [(model: String, id: SQLValue, kind: PendingChange.Kind)] = []
  private(set) var token: HistoryToken?

  /// A recorder for one transaction on a connection; `modelNames` names the model of each table.
  init(connection: Connection, author: String?, modelNames: [String: String]) {
    self.connection = connection
    self.author = author
    self.modelNames = modelNames
  }

  /// Records that a row of a table changed.
  func record(_ kind: PendingChange.Kind, _ id: SQLValue, in table: String) throws {
    pending.append((modelNames[table] ?? table, id, kind))
    if pending.count >= Self.batch { try flush() }
  }

  /// Records a row by its model identifier.
  func record<ID>(_ kind: PendingChange.Kind, id: ID, in table: String) throws {
    try record(kind, try SQLValue(swiftValue: id), in: table)
  }

  /// Writes what is pending; the transaction's own record is made with the first change.
  /// Returns the transaction's token, or `nil` if it changed nothing.
  @discardableResult
  func flush() throws -> HistoryToken? {
    guard !pending.isEmpty else { return token }
    let token = try self.token ?? HistoryLog.begin(author: author, on: connection)
    self.token = token
    try HistoryLog.append(pending, token: token, on: connection)
    pending.removeAll(keepingCapacity: true)
    return token
  }
}
