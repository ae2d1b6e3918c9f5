import Foundation
import SQLValues
import SQLiteCore

/// A ``HistoryDescriptor`` made into SQL on the table of transactions (by the engine's
/// `PredicateTranslator` in either dialect, over `token`, `timestamp` and `author` as columns),
/// with what SQL cannot say left to Swift.
///
/// A predicate SQL translates whole and exactly is answered by SQL alone, limit included.
/// Otherwise a wider condition — the one PostgreSQL answers for text matched by Swift's
/// characters, or the parts of its top-level `&&` that translate — bounds the rows read, and the
/// whole predicate is evaluated on each transaction read, a page at a time, until the limit is
/// reached.
struct HistoryQuery {
  /// The SQL condition: the whole predicate, or the bounds its translatable parts set.
  let condition: SQLFragment
  /// The predicate left to evaluate in Swift, when SQL could not say it all.
  let remainder: Predicate<HistoryTransaction>?
  let limit: Int?

  /// How many transactions are read at a time when the predicate is evaluated in Swift.
  private static let page = 256

  init(_ descriptor: HistoryDescriptor, dialect: any SQLDialect) throws(PersistenceError) {
    limit = descriptor.fetchLimit.map { max(0, $0) }
    let always = dialect.literal(true)
    guard let predicate = descriptor.predicate else {
      (condition, remainder) = (SQLFragment(always), nil)
      return
    }
    let translator = PredicateTranslator(table: try Self.table(), modelName: "HistoryTransaction", dialect: dialect)
    // A predicate, or a part of one, that SQL cannot say is not an error here: Swift says it.
    if let filter = try? translator.filter(predicate) {
      (condition, remainder) = (filter.fragment, filter.isExact ? nil : predicate)
      return
    }
    let row = translator.binding(predicate.variable.key, to: .row)
    let bounds = Self.conjuncts(of: predicate.expression).compactMap { try? row.scalar($0).upper }
    condition = SQLFragment(
      bounds.isEmpty ? always : bounds.map { "(\($0.sql))" }.joined(separator: " AND "), bounds.flatMap(\.bindings))
    remainder = predicate
  }

  /// The transactions the descriptor describes in a SQLite store, oldest first, with their
  /// changes.
  func transactions(on connection: Connection) throws -> [HistoryTransaction] {
    try transactions { condition, limit in try HistoryLog.transactions(where: condition, limit: limit, on: connection) }
  }

  /// The transactions the descriptor describes, oldest first, with their changes, read by the
  /// engine's `read`: the transactions whose row meets a condition (`?` parameters), oldest
  /// first, at most a limit.
  func transactions(
    reading read: (SQLFragment, Int?) throws -> [HistoryTransaction]
  ) throws -> [HistoryTransaction] {
    guard let remainder else { return try read(condition, limit) }
    var found: [HistoryTransaction] = []
    var after: Int64 = 0
    while found.count < limit ?? .max {
      let page = try read(
        SQLFragment("(\(condition.sql)) AND token > ?", condition.bindings + [.integer(after)]), Self.page)
      for transaction in page where try remainder.evaluate(transaction) {
        found.append(transaction)
        if found.count == limit { break }
      }
      guard page.count == Self.page, let last = page.last else { break }
      after = last.token.value
    }
    return found
  }

  /// Deletes the transactions the descriptor describes, with their changes: in SQL alone when
  /// it says the whole predicate.
  func delete(on connection: Connection) throws {
    guard remainder != nil else { return try HistoryLog.delete(where: condition, limit: limit, on: connection) }
    try HistoryLog.delete(try transactions(on: connection).map(\.token), on: connection)
  }

  /// The columns a predicate may compare in SQL, as a table the translator resolves key paths
  /// against: `timestamp` as the engine stores a `Date` (`HistoryLog` presents it so).
  private static func table() throws(PersistenceError) -> TableSchema {
    try TableSchema(
      name: "HistoryTransaction",
      columns: [
        Column(name: "token", kind: .integer, isOptional: false),
        Column(name: "timestamp", kind: .date, isOptional: false),
        Column(name: "author", kind: .text, isOptional: true),
      ], primaryKey: "token")
  }

  /// The operands of an expression's top-level `&&`s, or the expression itself.
  private static func conjuncts(of expression: Any) -> [Any] {
    guard let conjunction = expression as? any ConjunctionOperands else { return [expression] }
    return conjunction.operands.flatMap(conjuncts(of:))
  }
}

/// A `&&` whose operands can be translated one by one.
private protocol ConjunctionOperands {
  var operands: [Any] { get }
}

extension PredicateExpressions.Conjunction: ConjunctionOperands {
  fileprivate var operands: [Any] { [lhs, rhs] }
}
