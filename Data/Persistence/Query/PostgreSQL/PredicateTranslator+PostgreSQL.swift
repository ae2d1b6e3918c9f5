import Foundation
import SQLValues

// The PostgreSQL forms of the nodes whose SQL differs from SQLite's by more than a word.

extension PredicateTranslator {
  /// `lhs == rhs` (or `!=`) with Swift's meaning of nil: `nil == nil` is true, and the test is
  /// never NULL. A plain `=` where neither side can be NULL, so that an index answers it.
  func postgresEquality(_ lhs: Any, _ rhs: Any, negated: Bool) throws(PersistenceError) -> SQLTerm {
    let left = try scalar(lhs)
    let right = try scalar(rhs)
    let bindings = left.bindings + right.bindings
    switch (left.isNullLiteral, right.isNullLiteral) {
    case (true, true): return constant(!negated)
    case (true, false), (false, true):
      let other = left.isNullLiteral ? right : left
      return SQLTerm(
        sql: "(\(other.sql) IS \(negated ? "NOT " : "")NULL)", bindings: other.bindings, neverNull: true)
    case (false, false): break
    }
    if left.neverNull, right.neverNull {
      return SQLTerm(sql: "(\(left.sql) \(negated ? "<>" : "=") \(right.sql))", bindings: bindings, neverNull: true)
    }
    // A column that may be NULL against a value that cannot: still `=` for the index.
    for (column, value) in [(left, right), (right, left)]
    where column.column != nil && column.bindings.isEmpty && value.neverNull {
      let sql =
        negated
        ? "(\(column.sql) <> \(value.sql) OR \(column.sql) IS NULL)"
        : "(\(column.sql) = \(value.sql) AND \(column.sql) IS NOT NULL)"
      // The column has no bindings: the value's are all there are.
      return SQLTerm(sql: sql, bindings: value.bindings, neverNull: true)
    }
    return SQLTerm(
      sql: "(\(left.sql) IS \(negated ? "" : "NOT ")DISTINCT FROM \(right.sql))", bindings: bindings, neverNull: true)
  }

  /// A captured value of a Swift type, cast to the type its kind is compared as.
  func postgresValue(_ value: Any, of type: Any.Type) throws(PersistenceError) -> SQLTerm {
    let bound = PostgresSQL.value(try bindable(value), kind: PostgresSQL.kind(of: type))
    return SQLTerm(sql: bound.sql, bindings: bound.bindings, neverNull: !bound.bindings.isEmpty)
  }

  /// `element` among a captured sequence's values (`nil` ones apart), never NULL: one array
  /// parameter whatever their number, `= ANY` of which an index answers.
  func postgresMembership(
    _ element: SQLTerm, in values: [SQLValue], containsNil: Bool, kind: ValueKind?
  ) throws(PersistenceError) -> SQLTerm {
    var tests: [String] = []
    var bindings: [SQLValue] = []
    if !values.isEmpty {
      guard let kind, let array = PostgresSQL.arrayLiteral(values, kind: kind) else {
        throw .unsupportedQuery(
          "the values of a captured sequence cannot be compared in SQL (in a predicate on \(modelName))")
      }
      let test = "\(element.sql) = ANY(?::\(PostgresSQL.typeName(kind))[])"
      if element.neverNull, !containsNil {
        return SQLTerm(sql: "(\(test))", bindings: element.bindings + [.text(array)], neverNull: true)
      }
      tests.append(test)
      bindings += element.bindings + [.text(array)]
    }
    if containsNil {
      tests.append("\(element.sql) IS NULL")
      bindings += element.bindings
    }
    guard !tests.isEmpty else { return constant(false) }
    return SQLTerm(sql: "coalesce((\(tests.joined(separator: " OR "))), FALSE)", bindings: bindings, neverNull: true)
  }

  /// Whether a JSON array holds an element: the array contains a one-element array of it, as
  /// `jsonb` compares numbers by value and text exactly; never NULL.
  func postgresJSONContains(
    base: SQLFragment, path: [String], element: SQLTerm
  ) throws(PersistenceError) -> SQLTerm {
    let document = Self.postgresJSONPath(base, path, function: "jsonb_extract_path")
    return SQLTerm(
      sql: "coalesce((\(document.sql) @> jsonb_build_array(\(element.sql))), FALSE)",
      bindings: document.bindings + element.bindings, neverNull: true)
  }

  /// A scalar inside a JSON attribute, as the type of its kind (a date as seconds since 2001,
  /// which is how JSON holds it).
  func postgresJSONScalar(base: SQLFragment, path: [String], kind: ValueKind) -> SQLTerm {
    let text = Self.postgresJSONPath(base, path, function: "jsonb_extract_path_text")
    let type = PostgresSQL.typeName(kind)
    return SQLTerm(sql: type == "text" ? text.sql : "(\(text.sql))::\(type)", bindings: text.bindings)
  }

  /// `function(base, key, …)`, each key a parameter; the base alone for no key.
  private static func postgresJSONPath(_ base: SQLFragment, _ path: [String], function: String) -> SQLFragment {
    guard !path.isEmpty else { return base }
    let keys = Array(repeating: ", ?::text", count: path.count).joined()
    return SQLFragment("\(function)(\(base.sql)\(keys))", base.bindings + path.map { .text($0) })
  }

  /// `left op right` on PostgreSQL (`op` one of `<`, `<=`, `>`, `>=`): text by the "C"
  /// collation, as Swift compares NFC text, even where neither side is a column (whose
  /// collation it is).
  func postgresComparison(_ left: SQLTerm, _ op: String, _ right: SQLTerm, text: Bool) -> SQLTerm {
    SQLTerm(
      sql: "(\(left.sql) \(text ? #"COLLATE "C" "# : "")\(op) \(right.sql))", bindings: left.bindings + right.bindings)
  }

  /// The operands translated, for their errors, and a value SQL leaves to Swift.
  func unknown(_ operands: Any...) throws(PersistenceError) -> SQLTerm {
    for operand in operands { _ = try scalar(operand) }
    return .unknown(dialect)
  }

  /// Integer arithmetic on PostgreSQL (`op` one of `+ - * / %`), checked against the type's
  /// range. `UInt` and `UInt64` compute in `numeric`, as their range passes `bigint`'s.
  func postgresInteger(_ lhs: Any, _ op: String, _ rhs: Any, of type: Any.Type) throws(PersistenceError) -> SQLTerm {
    let left = try scalar(lhs)
    let right = try scalar(rhs)
    guard Self.isUnsigned64(type) else {
      return postgresInRange(
        SQLTerm(sql: "(\(left.sql) \(op) \(right.sql))", bindings: left.bindings + right.bindings), of: type)
    }
    let (l, r) = ("(\(left.sql))::numeric", "(\(right.sql))::numeric")
    let sql =
      switch op {
      case "/": "div(\(l), \(r))"
      case "%": "mod(\(l), \(r))"
      default: "(\(l) \(op) \(r))"
      }
    return postgresInRange(SQLTerm(sql: sql, bindings: left.bindings + right.bindings), of: type)
  }

  /// An integer result of a type narrower than `Int64`, or unsigned, checked against the type's
  /// range: one outside fails the query, as Swift traps (PostgreSQL's own `bigint` arithmetic
  /// fails past `Int64`'s). The failure is a text that is no number cast to one, evaluated only
  /// for a result out of range (see ``SQLTerm/postgresUnwrapped``).
  func postgresInRange(_ term: SQLTerm, of type: Any.Type) -> SQLTerm {
    let bounds =
      Self.isUnsigned64(type)
      ? ("0", "\(UInt64.max)") : Self.integerBounds(of: type).map { ("\($0.least)", "\($0.greatest)") }
    guard let (least, greatest) = bounds else { return term }
    let failure = "CAST('arithmetic overflow in a predicate: ' || (\(term.sql))::text AS int8) = 0"
    return SQLTerm(
      sql: "(CASE WHEN \(term.sql) BETWEEN \(least) AND \(greatest) THEN \(term.sql) WHEN \(failure) THEN NULL END)",
      bindings: term.bindings + term.bindings + term.bindings)
  }
}

extension SQLTerm {
  /// Whether the term is a `NULL` literal, typed or not.
  var isNullLiteral: Bool { sql == "NULL" || sql.hasPrefix("NULL::") }

  /// The value, or an error where it is NULL, as Swift's `!` traps. No function raises one in
  /// plain SQL: a text that is no number, cast to one, does — evaluated only for a NULL (a
  /// `CASE` arm runs only when taken, and this one depends on the row, so it is not computed
  /// ahead).
  var postgresUnwrapped: SQLTerm {
    let failure = "CAST(coalesce(\(sql)::text, 'a predicate force-unwrapped nil') AS int8) = 0"
    return SQLTerm(
      sql: "(CASE WHEN \(sql) IS NULL THEN (CASE WHEN \(failure) THEN \(sql) END) ELSE \(sql) END)",
      bindings: bindings + bindings + bindings + bindings, neverNull: true)
  }
}
