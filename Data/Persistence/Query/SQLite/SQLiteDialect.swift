import Foundation
import SQLValues

/// SQLite's SQL: the Swift functions every connection registers (`swift_add`, `swift_contains`,
/// …) answer as Swift does, so every condition is exact.
///
/// Dates are stored as reals, UUIDs as blobs, booleans as 0 and 1, and bound as they are
/// stored, so a parameter is a bare `?`. SQLite holds a NaN as `NULL`: a term that may be NaN
/// (``SQLTerm/mayBeNaN``) is compared so as to answer as IEEE 754 does.
struct SQLiteDialect: SQLDialect {
  var isExact: Bool { true }
  var readsBySelectionShape: Bool { true }

  func literal(_ value: Bool) -> String { value ? "1" : "0" }

  func orderTerm(_ column: String, ascending: Bool, isOptional: Bool) -> String {
    // SQLite puts NULL first in ascending order and last in descending order by itself.
    column + (ascending ? " ASC" : " DESC")
  }

  func parameter(comparedWith column: Column) -> String { "?" }

  func appendPage(limit: SQLValue, offset: SQLValue, to query: inout SQLFragment) {
    query.sql += " LIMIT ? OFFSET ?"
    query.bindings += [limit, offset]
  }

  func resultColumn(_ column: Column, holds other: Column) -> Bool { column.name == other.name }

  func familyValue(_ column: Column, alias: String, holds: Bool) -> String {
    let quoted = SQLIdentifier.quote(column.name)
    return holds ? quoted : "NULL AS \(quoted)"
  }

  func equality(
    _ lhs: Any, _ rhs: Any, negated: Bool, in translator: PredicateTranslator
  ) throws(PersistenceError)
    -> SQLTerm
  {
    // `IS` treats NULL as a value, as Swift treats nil: nil == nil is true.
    try comparison(lhs, negated ? "IS NOT" : "IS", rhs, in: translator)
  }

  func comparison(
    _ lhs: Any, _ op: String, _ rhs: Any, isText: Bool, in translator: PredicateTranslator
  ) throws(PersistenceError) -> SQLTerm {
    try comparison(lhs, op, rhs, in: translator)
  }

  /// A comparison (`IS`, `IS NOT`, `<`, `<=`, `>`, `>=`). Where a side may be NaN, which
  /// SQLite holds as `NULL`, it answers as IEEE 754 does: false, but for `!=`.
  private func comparison(
    _ lhs: Any, _ op: String, _ rhs: Any, in translator: PredicateTranslator
  )
    throws(PersistenceError) -> SQLTerm
  {
    let left = try translator.scalar(lhs)
    let right = try translator.scalar(rhs)
    let plain = SQLTerm(sql: "(\(left.sql) \(op) \(right.sql))", bindings: left.bindings + right.bindings)
    guard left.mayBeNaN || right.mayBeNaN else { return plain }
    let (symbol, whenNaN) =
      switch op {
      case "IS": ("=", "0")
      case "IS NOT": ("<>", "1")
      default: (op, "0")
      }
    var result = SQLTerm(
      sql: "coalesce((\(left.sql) \(symbol) \(right.sql)), \(whenNaN))", bindings: left.bindings + right.bindings)
    result.neverNull = true
    return result
  }

  func rangeContains(
    _ element: SQLTerm, lower: SQLTerm, upper: SQLTerm, closed: Bool, isText: Bool, in translator: PredicateTranslator
  ) -> SQLTerm {
    let test = "((\(element.sql) >= \(lower.sql)) AND (\(element.sql) \(closed ? "<=" : "<") \(upper.sql)))"
    // A NaN, which SQLite holds as NULL, is in no range.
    let mayBeNaN = element.mayBeNaN || lower.mayBeNaN || upper.mayBeNaN
    return SQLTerm(
      sql: mayBeNaN ? "coalesce(\(test), 0)" : test,
      bindings: element.bindings + lower.bindings + element.bindings + upper.bindings)
  }

  func unwrapped(_ value: SQLTerm) -> SQLTerm {
    SQLTerm(sql: "swift_unwrap(\(value.sql))", bindings: value.bindings)
  }

  func captured(
    _ value: Any, of type: Any.Type, in translator: PredicateTranslator
  ) throws(PersistenceError)
    -> SQLTerm
  {
    SQLTerm(sql: "?", bindings: [try translator.bindable(value)])
  }

  func jsonScalar(
    base: SQLFragment, path: [String], kind: ValueKind, of type: Any.Type, in translator: PredicateTranslator
  ) throws(PersistenceError) -> SQLTerm {
    guard path.allSatisfy({ !$0.contains("\"") }) else {
      throw .unsupportedQuery(
        "a JSON key with a double quote cannot be queried (in a predicate on \(translator.modelName))")
    }
    let extracted = "json_extract(\(base.sql), ?)"
    let bindings = base.bindings + [.text(Self.jsonPath(path))]
    guard type is Float.Type || type is Double.Type else { return SQLTerm(sql: extracted, bindings: bindings) }
    // JSON writes a whole-number double without a fraction (`2`, `-0`), which SQLite reads as
    // an integer and would compute with as one: a real it is, as in Swift — a zero read from
    // its text, which keeps the sign of `-0`. A `Float` is rounded back from its shortest
    // decimal, as on PostgreSQL.
    let real = "(CASE WHEN \(extracted) = 0 THEN CAST((\(base.sql) -> ?) AS REAL) ELSE CAST(\(extracted) AS REAL) END)"
    return SQLTerm(sql: type is Float.Type ? "swift_float(\(real))" : real, bindings: bindings + bindings + bindings)
  }

  /// The JSON path of keys, each quoted.
  static func jsonPath(_ path: [String]) -> String { "$" + path.map { ".\"\($0)\"" }.joined() }
}
