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
    try output.append("  {\n    \"author\" : \(try Self.string(transaction.author ?? NSNull())),\n    \"changes\" : [")
    transactions += 1
    open = (transaction, false)
    try append(transaction.changes)
  }

  /// Adds changes to the open transaction's.
  private func append(_ changes: [HistoryChange]) throws {
    guard let current = open else { return }
    for (index, change) in changes.enumerated() {
      try output.append(current.hasChanges || index > 0 ? ",\n" : "\n")
      try output.append(try Self.element(of: change))
    }
    if !changes.isEmpty { open?.hasChanges = true }
  }

  /// Ends the open transaction, if any.
  private func close() throws {
    guard let (transaction, hasChanges) = open else { return }
    try output.append(hasChanges ? "\n    ],\n" : "\n\n    ],\n")
    try output.append(
      "    \"timestamp\" : \(try Self.string(CatalogDate.iso8601(transaction.timestamp))),\n"
        + "    \"token\" : \(transaction.token.value)\n  }")
    open = nil
  }

  /// Ends the document.
  private func finish() throws {
    try close()
    try output.append(transactions == 0 ? "[\n\n]\n" : "\n]\n")
    try output.flush()
  }

  /// A change as an element of its transaction's `changes`, as `JSONSerialization` writes it
  /// there (pretty, keys sorted, six spaces in), without making an object of it for
  /// `JSONSerialization` to take apart again: its preserved values, when it has any, are the
  /// only part `JSONSerialization` writes.
  private static func element(of change: HistoryChange) throws -> String {
    var text =
      "      {\n        \"id\" : \(try string(change.id)),\n        \"kind\" : \(try string(change.kind.rawValue)),\n"
    text += "        \"model\" : \(try string(change.model)),\n        \"preserved\" : "
    if change.preservedValues.isEmpty {
      text += "{\n\n        },\n"
    } else {
      let object = try JSONOutput.serialize(change.preservedValues.mapValues(jsonValue(of:)))
      text +=
        object.dropLast().split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        .map { $0.offset == 0 || $0.element.isEmpty ? String($0.element) : "        " + $0.element }
        .joined(separator: "\n") + ",\n"
    }
    text += "        \"updatedAttributes\" : ["
    let attributes = try change.updatedAttributes.sorted().map { "          " + (try string($0)) }
    text +=
      attributes.isEmpty
      ? "\n\n        ]\n      }" : "\n" + attributes.joined(separator: ",\n") + "\n        ]\n      }"
    return text
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

  /// A string or `null` as JSON, as `JSONSerialization` writes it inside a document, inert on a
  /// terminal: printable ASCII without quotes or backslashes (an id, a model's name) as it is,
  /// anything else written by `JSONSerialization` itself.
  private static func string(_ value: Any) throws -> String {
    if let text = value as? String, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) {
      return "\"" + text + "\""
    }
    let data = try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .withoutEscapingSlashes])
    return TerminalText.json(String(decoding: data, as: UTF8.self))
  }
}
