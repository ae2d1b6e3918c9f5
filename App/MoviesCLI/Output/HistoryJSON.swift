import Foundation
import Persistence

/// Writes `movies history --format json` as the pages of the history are read: one JSON
/// document, an array of the transactions with their changes, never held whole — the same bytes
/// ``JSONOutput/serialize(_:)`` writes for the whole history (pretty, keys sorted, inert on a
/// terminal), a transaction's head and each slice of its changes at a time.
final class HistoryJSON {
  private let output: OutputBuffer
  /// How many transactions were begun.
  private var transactions = 0
  /// The transaction whose changes are being written, and whether any were.
  private var open: (transaction: HistoryTransaction, hasChanges: Bool)?

  /// A writer that passes its text to `write`, a chunk at a time.
  init(_ write: @escaping (String) throws -> Void) {
    output = OutputBuffer(write)
  }

  /// Writes the history that `pages` read. Returns how many transactions it read and the
  /// last one's token.
  func write(_ pages: HistoryPages) async throws -> (count: Int, last: HistoryToken?) {
    let read = try await pages.each(begin: begin, more: append)
    try finish()
    return read
  }

  /// Begins a transaction, with its first changes.
  private func begin(_ transaction: HistoryTransaction) throws {
    try close()
    try output.append(transactions == 0 ? "[\n" : ",\n")
    try output.append("  {\n    \"author\" : \(try Self.scalar(transaction.author ?? NSNull())),\n    \"changes\" : [")
    transactions += 1
    open = (transaction, false)
    try append(transaction.changes)
  }

  /// Adds changes to the open transaction's.
  private func append(_ changes: [HistoryChange]) throws {
    guard let current = open, !changes.isEmpty else { return }
    // An array of the changes, its brackets dropped and its lines moved in to their depth.
    let array = try JSONOutput.serialize(changes.map(Self.object(of:)))
    let lines = array.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast(2)
    try output.append(current.hasChanges ? ",\n" : "\n")
    try output.append(lines.map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n"))
    open?.hasChanges = true
  }

  /// Ends the open transaction, if any.
  private func close() throws {
    guard let (transaction, hasChanges) = open else { return }
    try output.append(hasChanges ? "\n    ],\n" : "\n\n    ],\n")
    try output.append(
      "    \"timestamp\" : \(try Self.scalar(CatalogDate.iso8601(transaction.timestamp))),\n"
        + "    \"token\" : \(transaction.token.value)\n  }")
    open = nil
  }

  /// Ends the document.
  private func finish() throws {
    try close()
    try output.append(transactions == 0 ? "[\n\n]\n" : "\n]\n")
    try output.flush()
  }

  /// A change as `JSONSerialization` writes it: sorted keys, preserved values exact.
  private static func object(of change: HistoryChange) -> [String: Any] {
    [
      "model": change.model, "id": change.id, "kind": change.kind.rawValue,
      "updatedAttributes": change.updatedAttributes.sorted(),
      "preserved": change.preservedValues.mapValues(jsonValue(of:)),
    ]
  }

  /// A preserved value as JSON: numbers and text as they are, bytes in hexadecimal.
  static func jsonValue(of value: HistoryValue) -> Any {
    switch value {
    case .null: NSNull()
    case .integer(let number): number
    case .real(let number): number
    case .text(let text): text
    case .blob: HistoryChangeRow.text(of: value)
    }
  }

  /// A string or `null` as JSON, as it is written inside a document.
  private static func scalar(_ value: Any) throws -> String {
    let data = try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .withoutEscapingSlashes])
    return TerminalText.json(String(decoding: data, as: UTF8.self))
  }
}
