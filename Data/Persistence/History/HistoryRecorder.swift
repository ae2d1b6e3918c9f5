import Foundation
import SQLiteCore

/// Collects the changes of one write transaction and records them in the store's history
/// before the transaction commits.
///
/// Writes tell it each row they insert, update or delete — cascaded deletes included, found
/// before the delete runs (see `CascadeScanner`). Consecutive changes of one model and kind are
/// packed into one history row (see `HistoryIDs`), written once they hold a few hundred
/// kilobytes, so an import of a million rows costs little time and keeps little in memory. A
/// transaction that changed nothing leaves no record.
package final class HistoryRecorder {
  private static let flushBytes = 256 * 1024

  private let connection: Connection
  private let author: String?
  private let modelNames: [String: String]
  private var runs: [(model: String, kind: PendingChange.Kind, ids: HistoryIDs)] = []
  private var pendingBytes = 0
  private(set) var token: HistoryToken?

  /// A recorder for one transaction on a connection; `modelNames` names the model of each table.
  init(connection: Connection, author: String?, modelNames: [String: String]) {
    self.connection = connection
    self.author = author
    self.modelNames = modelNames
  }

  /// Records that a row of a table changed, by its key as SQLite holds it.
  func record(_ kind: PendingChange.Kind, _ id: SQLValue, in table: String) throws {
    try append(kind, model: modelNames[table] ?? table) { $0.append(id) }
  }

  /// Records that a row of a table changed, by its model identifier.
  package func record<ID>(_ kind: PendingChange.Kind, id: ID, in table: String) throws {
    try append(kind, model: modelNames[table] ?? table) { try $0.append(id) }
  }

  /// Records that every row a statement selects changed, by the key in its first column.
  ///
  /// The statement is stepped to its end here; the keys go straight from SQLite's row into the
  /// packed run, and are written out as they accumulate, so memory stays flat however many
  /// rows a bulk delete selects. Returns how many rows it recorded.
  @discardableResult
  func recordRows(_ kind: PendingChange.Kind, selectedBy statement: Statement, in table: String) throws -> Int {
    let model = modelNames[table] ?? table
    var recorded = 0
    while try statement.step() {
      try append(kind, model: model) { $0.append(columnAt: 0, of: statement) }
      recorded += 1
    }
    return recorded
  }

  /// Adds an identifier to the current run of changes, or starts a run for a new model or kind.
  private func append(
    _ kind: PendingChange.Kind, model: String, _ add: (inout HistoryIDs) throws -> Void
  ) throws {
    if runs.last?.model != model || runs.last?.kind != kind { runs.append((model, kind, HistoryIDs())) }
    let before = runs[runs.count - 1].ids.bytes.count
    try add(&runs[runs.count - 1].ids)
    pendingBytes += runs[runs.count - 1].ids.bytes.count - before
    if pendingBytes >= Self.flushBytes { try flush() }
  }

  /// Writes out what is recorded so far and returns the transaction's token then: a mark that
  /// ``rollBack(to:)`` returns to when what follows is undone (a SQLite savepoint rolled back).
  func mark() throws -> HistoryToken? {
    try flush()
  }

  /// Forgets what was recorded since a ``mark()``: the store undid those changes. What was
  /// written out since then was undone with them, the history's own rows included.
  func rollBack(to mark: HistoryToken?) {
    runs.removeAll(keepingCapacity: true)
    pendingBytes = 0
    token = mark
  }

  /// Writes what is pending; the transaction's own record is made with the first change.
  /// Returns the transaction's token, or `nil` if it changed nothing.
  @discardableResult
  func flush() throws -> HistoryToken? {
    guard !runs.isEmpty else { return token }
    let token = try self.token ?? HistoryLog.begin(author: author, on: connection)
    self.token = token
    for run in runs { try HistoryLog.append(run.ids, model: run.model, kind: run.kind, token: token, on: connection) }
    runs.removeAll(keepingCapacity: true)
    pendingBytes = 0
    return token
  }
}
