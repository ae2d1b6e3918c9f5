import Foundation
import SQLValues

/// PostgreSQL's SQL: it reads the engine's column types (`ValueKind.postgresType`: `boolean`,
/// `bigint`, `double precision` for reals and dates, `text COLLATE "C"`, `bytea`, `uuid`,
/// `jsonb`), while values are still bound as the engine's `SQLValue`s (a UUID as its 16 bytes,
/// a `Bool` as 0 or 1), so its SQL casts them where they are used (see ``PostgresSQL``).
///
/// What PostgreSQL cannot answer exactly (text matched by Swift's characters, floating-point
/// arithmetic) is answered by a wider condition that the caller checks again in Swift (see
/// ``PredicateFilter``).
struct PostgresDialect: SQLDialect {
  var isExact: Bool { false }
  var readsBySelectionShape: Bool { false }

  func literal(_ value: Bool) -> String { value ? "TRUE" : "FALSE" }

  func orderTerm(_ column: String, ascending: Bool, isOptional: Bool) -> String {
    let direction = ascending ? " ASC" : " DESC"
    // PostgreSQL's own default puts NULL last in ascending order: SQLite's is kept.
    guard isOptional else { return column + direction }
    return column + direction + (ascending ? " NULLS FIRST" : " NULLS LAST")
  }

  func parameter(comparedWith column: Column) -> String {
    let text = column.kind == .text || column.kind == .url
    return PostgresSQL.parameter(column.kind) + (text ? #" COLLATE "C""# : "")
  }

  func appendPage(limit: SQLValue, offset: SQLValue, to query: inout SQLFragment) {
    // PostgreSQL refuses a negative limit: NULL is none.
    query.sql += " LIMIT ?::int8 OFFSET ?::int8"
    query.bindings += [limit == .integer(-1) ? .null : limit, offset]
  }

  func resultColumn(_ column: Column, holds other: Column) -> Bool {
    column.name == other.name && column.kind.postgresType == other.kind.postgresType
  }

  func familyValue(_ column: Column, alias: String, holds: Bool) -> String {
    // A typed NULL: a `UNION` of three arms resolves the first two's types first.
    let quoted = SQLIdentifier.quote(column.name)
    let read = column.kind.postgresRead(holds ? quoted : "NULL::\(column.kind.postgresType)")
    return "\(read) AS \(SQLIdentifier.quote(alias))"
  }

  func equality(
    _ lhs: Any, _ rhs: Any, negated: Bool, in translator: PredicateTranslator
  ) throws(PersistenceError)
    -> SQLTerm
  {
    try translator.postgresEquality(lhs, rhs, negated: negated)
  }

  func comparison(
    _ lhs: Any, _ op: String, _ rhs: Any, isText: Bool, in translator: PredicateTranslator
  ) throws(PersistenceError) -> SQLTerm {
    translator.postgresComparison(try translator.scalar(lhs), op, try translator.scalar(rhs), text: isText)
  }

  func rangeContains(
    _ element: SQLTerm, lower: SQLTerm, upper: SQLTerm, closed: Bool, isText: Bool, in translator: PredicateTranslator
  ) -> SQLTerm {
    let above = translator.postgresComparison(element, ">=", lower, text: isText)
    let below = translator.postgresComparison(element, closed ? "<=" : "<", upper, text: isText)
    return SQLTerm(sql: "(\(above.sql) AND \(below.sql))", bindings: above.bindings + below.bindings)
  }

  func unwrapped(_ value: SQLTerm) -> SQLTerm { value.postgresUnwrapped }

  func captured(
    _ value: Any, of type: Any.Type, in translator: PredicateTranslator
  ) throws(PersistenceError)
    -> SQLTerm
  {
    try translator.postgresValue(value, of: type)
  }

  func jsonScalar(
    base: SQLFragment, path: [String], kind: ValueKind, of type: Any.Type, in translator: PredicateTranslator
  ) throws(PersistenceError) -> SQLTerm {
    let scalar = translator.postgresJSONScalar(base: base, path: path, kind: kind)
    // A `Float` is written in JSON as its shortest decimal, which reads back as a double near
    // it but not at it: rounded to a `float4` it is the Float again.
    guard type is Float.Type else { return scalar }
    return SQLTerm(sql: "(\(scalar.sql))::float4::float8", bindings: scalar.bindings)
  }

  func jsonContains(
    base: SQLFragment, path: [String], element: JSONArrayElement, in translator: PredicateTranslator
  ) throws(PersistenceError) -> SQLTerm {
    let compared =
      switch element {
      case .uuidText(let text), .base64(let text): SQLTerm(sql: "?::text", bindings: [.text(text)])
      case .uuid(let bytes): SQLTerm(sql: "upper((\(bytes.sql))::text)", bindings: bytes.bindings)
      case .data(let bytes):
        SQLTerm(sql: "translate(encode(\(bytes.sql), 'base64'), E'\\n', '')", bindings: bytes.bindings)
      case .float(let term), .value(let term): term
      }
    return try translator.postgresJSONContains(base: base, path: path, element: compared)
  }

  func membership(
    _ element: SQLTerm, in sequence: any Sequence, in translator: PredicateTranslator
  )
    throws(PersistenceError) -> SQLTerm
  {
    var values: [SQLValue] = []
    var kind: ValueKind?
    for value in PredicateTranslator.elements(of: sequence) {
      values.append(try translator.bindable(value))
      if kind == nil, values.last != .null { kind = PostgresSQL.kind(of: type(of: value)) }
    }
    let containsNil = values.contains(.null)
    values.removeAll { $0 == .null }
    return try translator.postgresMembership(element, in: values, containsNil: containsNil, kind: kind)
  }

  func startsWith(
    _ base: Any, _ prefix: Any, in translator: PredicateTranslator
  ) throws(PersistenceError)
    -> SQLTerm
  {
    try translator.narrowingTextTest(base, prefix, test: { "starts_with(\($0), \($1))" })
  }

  func containsText(
    _ base: Any, _ other: Any, in translator: PredicateTranslator
  ) throws(PersistenceError)
    -> SQLTerm
  {
    try translator.narrowingTextTest(base, other, test: { "(strpos(\($0), \($1)) > 0)" })
  }
}

extension PredicateTranslator {
  /// A text test PostgreSQL answers by code points, where Swift compares characters: a match
  /// that splits a character (`"👍"` in `"👍🏽"`, `"q"` before a combining mark) is found there
  /// and not by Swift. With both sides in NFC it finds every match Swift does, so its SQL is an
  /// upper bound (see ``InexactBounds``), and nothing below it is known.
  func narrowingTextTest(
    _ base: Any, _ other: Any, test: (String, String) -> String
  ) throws(PersistenceError) -> SQLTerm {
    let haystack = try scalar(base)
    let needle = try scalar(other)
    let upper = SQLFragment(test(haystack.sql, needle.sql), haystack.bindings + needle.bindings)
    return .bounded(InexactBounds(upper: upper, lower: SQLFragment(dialect.literal(false))))
  }
}
