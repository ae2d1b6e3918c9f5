import Foundation
import SQLValues
import SQLiteCore

/// Collects the changes of one write transaction and records them in the store's history
/// before the transaction commits.
///
/// Writes tell it each row they insert, update or delete — cascaded deletes included, found
/// before the delete runs (see `CascadeScanner`) — with the attributes an update changed and
/// the values a delete preserves. Consecutive changes of one model, kind and set of attributes
/// are packed into one history row (see `HistoryIDs`), written once they hold a few hundred
/// kilobytes, so an import of a million rows costs little time and keeps little in memory. A
/// transaction that changed nothing leaves no record.
package final class HistoryRecorder {
  private static let flushBytes = 256 * 1024

  private let connection: Connection
  private let author: String?
  private let modelNames: [String: String]
  private var runs: [Run] = []
  private var pendingBytes = 0
  private(set) var token: HistoryToken?

  /// A recorder for one transaction on a connection; `modelNames` names the model of each table.
  init(connection: Connection, author: String?, modelNames: [String: String]) {
    self.connection = connection
    self.author = author
    self.modelNames = modelNames
  }

  /// Records that a row of a table changed, by its key as SQLite holds it: an update with the
  /// `attributes` it changed, a delete with the values of its table's preserved attributes.
  func record(
    _ kind: PendingChange.Kind, _ id: SQLValue, in table: String, attributes: [String] = [],
    preserved: [SQLValue] = []
  ) throws {
    try append(kind, model: modelNames[table] ?? table, attributes: attributes) { run in
      run.ids.append(id)
      for value in preserved { run.values.append(value) }
    }
  }

  /// Records that a row of a table changed, by its model identifier: an update with the
  /// `attributes` it changed.
  package func record<ID>(_ kind: PendingChange.Kind, id: ID, in table: String, attributes: [String] = []) throws {
    try append(kind, model: modelNames[table] ?? table, attributes: attributes) { run in try run.ids.append(id) }
  }

  /// The columns a statement selects for ``recordRows(_:selectedBy:in:attributes:)`` to record
  /// the deletes of a table's rows: the primary key, then the attributes it preserves.
  static func deletedColumns(of table: TableSchema) -> String {
    ([table.primaryKey] + table.preservedOnDeletion).map(SQLIdentifier.quote).joined(separator: ", ")
  }

  /// Records that every row a statement selects changed, by the key in its first column: for an
  /// update, with the `attributes` it changed; for a delete, with the values of the preserved
  /// `attributes` that the next columns hold (``deletedColumns(of:)``).
  ///
  /// The statement is stepped to its end here; the keys go straight from SQLite's row into the
  /// packed run, and are written out as they accumulate, so memory stays flat however many
  /// rows a bulk delete selects. Returns how many rows it recorded.
  @discardableResult
  func recordRows(
    _ kind: PendingChange.Kind, selectedBy statement: Statement, in table: String, attributes: [String] = []
  ) throws -> Int {
    let model = modelNames[table] ?? table
    let preserved = kind == .delete ? Int32(attributes.count) : 0
    // The rows all go into one run, held here while the statement steps rather than looked up
    // in `runs` for each row; it goes back (or on) to the end of `runs` when the loop ends.
    var run = Run(model: model, kind: kind, attributes: attributes)
    // Compared in place, as in `append`: a copy of the last run would share, then copy, its buffers.
    let last = runs.count - 1
    if last >= 0, runs[last].kind == kind, runs[last].model == model, runs[last].attributes == attributes {
      run = runs.removeLast()
    }
    var others = pendingBytes - run.size
    defer {
      if run.ids.count > 0 { runs.append(run) }
      pendingBytes = others + run.size
    }
    var recorded = 0
    while try statement.step() {
      run.ids.append(columnAt: 0, of: statement)
      for column in 0..<preserved { run.values.append(columnAt: column + 1, of: statement) }
      recorded += 1
      if others + run.size >= Self.flushBytes {
        runs.append(run)
        run = Run(model: model, kind: kind, attributes: attributes)
        others = 0
        try flush()
      }
    }
    return recorded
  }

  /// Adds an identifier (and its preserved values) to the current run of changes, or starts a
  /// run for a new model, kind or set of attributes.
  private func append(
    _ kind: PendingChange.Kind, model: String, attributes: [String],
    _ add: (inout Run) throws -> Void
  ) throws {
    // Compared in place: `runs.last` would copy the run (retaining its buffers) for every row.
    let last = runs.count - 1
    let continues =
      last >= 0 && runs[last].kind == kind && runs[last].model == model && runs[last].attributes == attributes
    if !continues { runs.append(Run(model: model, kind: kind, attributes: attributes)) }
    let current = runs.count - 1
    let before = runs[current].size
    try add(&runs[current])
    pendingBytes += runs[current].size - before
    if pendingBytes >= Self.flushBytes { try flush() }
  }

  /// Consecutive changes of one model, kind and set of attributes, not yet written.
  private struct Run {
    let model: String
    let kind: PendingChange.Kind
    let attributes: [String]
    var ids = HistoryIDs()
    var values = HistoryIDs()

    var size: Int { ids.bytes.count + values.bytes.count }
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
    for run in runs {
      try HistoryLog.append(
        run.ids, model: run.model, kind: run.kind, attributes: run.attributes, values: run.values, token: token,
        on: connection)
    }
    runs.removeAll(keepingCapacity: true)
    pendingBytes = 0
    return token
  }
}
