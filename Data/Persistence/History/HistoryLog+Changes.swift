import Foundation
import SQLValues
import SQLiteCore

extension HistoryLog {
  /// The changes of the transactions from one token through another, by token, in order: at
  /// most the first `limit` of each when a limit is given.
  ///
  /// A run of changes is decoded only while its transaction has room for them, so a page of
  /// transactions holds at most `limit` changes of each, however many a transaction made.
  static func changes(
    from first: HistoryToken, through last: HistoryToken, limit: Int?, on connection: Connection
  ) throws -> [Int64: [HistoryChange]] {
    var changesByToken: [Int64: [HistoryChange]] = [:]
    try eachRun(where: "token BETWEEN ?1 AND ?2", [.integer(first.value), .integer(last.value)], on: connection) {
      rows in
      let token = rows.int64(at: 0)
      let room = limit.map { max(0, $0) - (changesByToken[token]?.count ?? 0) } ?? .max
      guard room > 0 else { return true }
      changesByToken[token, default: []].append(contentsOf: try run(in: rows).prefix(room))
      return true
    }
    return changesByToken
  }

  /// The changes of one transaction from the one at `offset` (from 0, in the order it made
  /// them), at most `limit` of them when a limit is given.
  ///
  /// Runs before the offset are counted, not decoded, so reading a huge transaction a slice at a
  /// time stays cheap.
  static func changes(
    of token: HistoryToken, from offset: Int, limit: Int?, on connection: Connection
  ) throws -> [HistoryChange] {
    var found: [HistoryChange] = []
    var passed = 0
    let wanted = limit.map { max(0, $0) } ?? .max
    try eachRun(where: "token = ?1", [.integer(token.value)], on: connection) { rows in
      guard found.count < wanted else { return false }
      let count = rows.withBlob(at: 3) { HistoryIDs.count($0) }
      defer { passed += count }
      guard passed + count > offset else { return true }
      found.append(contentsOf: try run(in: rows).dropFirst(max(0, offset - passed)).prefix(wanted - found.count))
      return true
    }
    return found
  }

  /// Steps through the stored runs of changes that meet a condition, in the order they were
  /// written, while `visit` returns `true`; the row holds token, model, kind, ids, attributes and
  /// preserved values.
  private static func eachRun(
    where condition: String, _ bindings: [SQLValue], on connection: Connection, _ visit: (Statement) throws -> Bool
  ) throws {
    let details = try needsUpgrade(on: connection) ? "NULL, NULL" : "attributes, preserved"
    let rows = try connection.statement(
      "SELECT token, model, kind, ids, \(details) FROM \"\(changes)\" WHERE \(condition) ORDER BY rowid")
    defer { rows.reset() }
    try rows.bind(bindings)
    while try rows.step() {
      guard try visit(rows) else { return }
    }
  }

  /// The changes of the run of changes in the current row of ``eachRun(where:_:on:_:)``.
  private static func run(in rows: Statement) throws -> [HistoryChange] {
    guard let kind = PendingChange.Kind(rawValue: rows.text(at: 2)) else {
      throw PersistenceError.invalidValue(
        "the history of transaction \(rows.int64(at: 0)) holds a change of a kind the engine did not write")
    }
    let model = rows.text(at: 1)
    let ids = rows.withBlob(at: 3) { HistoryIDs.texts($0) }
    let attributes =
      rows.storageClass(at: 4) == .text ? try attributes(fromText: rows.text(at: 4), token: rows.int64(at: 0)) : []
    let values =
      rows.storageClass(at: 5) == .blob ? rows.withBlob(at: 5) { HistoryIDs.values($0) }.map(HistoryValue.init) : []
    return ids.enumerated().map { position, id in
      switch kind {
      case .update:
        return HistoryChange(model: model, id: id, kind: kind, updatedAttributes: Set(attributes))
      case .delete where !attributes.isEmpty && values.count >= (position + 1) * attributes.count:
        let own = values[(position * attributes.count)...].prefix(attributes.count)
        return HistoryChange(
          model: model, id: id, kind: kind,
          preservedValues: Dictionary(zip(attributes, own), uniquingKeysWith: { first, _ in first }))
      default:
        return HistoryChange(model: model, id: id, kind: kind)
      }
    }
  }

  /// The attributes of a run from their stored text, a JSON array of names.
  ///
  /// - Throws: ``PersistenceError/invalidValue(_:)`` naming the transaction when the text is not
  ///   such an array (the history was changed behind the engine).
  private static func attributes(fromText text: String, token: Int64) throws(PersistenceError) -> [String] {
    do {
      return try JSONDecoder().decode([String].self, from: Data(text.utf8))
    } catch {
      throw .invalidValue(
        "the history of transaction \(token) names its changed attributes in a form the engine did not write")
    }
  }
}
