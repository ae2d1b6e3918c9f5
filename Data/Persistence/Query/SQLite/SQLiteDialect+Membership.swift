import Foundation
import SQLValues

// Membership on SQLite: `contains` of a captured sequence, and of a JSON array.

extension SQLiteDialect {
  /// `element IN (…)` for the values of a captured sequence, never NULL.
  ///
  /// On a `NOT NULL` column with no `nil` among the values the test is a bare `IN` over bound
  /// parameters, which SQLite answers from the column's index (`ids.contains($0.movieID)`
  /// fetching a relationship's rows in one query). Lists are padded with their last value to
  /// a power of two, so a few statements serve every length. Longer lists (and lists of more
  /// than 256 values tested against an element that may be NULL) are bound as one JSON array,
  /// still looked up in the element's index; an element that may be NULL is tested for NULL
  /// first, unless `nil` is among the values.
  func membership(
    _ element: SQLTerm, in sequence: any Sequence, in translator: PredicateTranslator
  )
    throws(PersistenceError) -> SQLTerm
  {
    var values: [SQLValue]
    do {
      values = try SQLValue.elements(of: sequence)
    } catch {
      throw translator.bindingError(error)
    }
    let containsNil = values.contains(.null)
    values.removeAll { $0 == .null }
    if element.neverNull, !containsNil, let last = values.last, values.count <= PredicateTranslator.longestParameterList
    {
      let padded =
        values + Array(repeating: last, count: PredicateTranslator.parameterCount(for: values.count) - values.count)
      let parameters = Array(repeating: "?", count: padded.count).joined(separator: ", ")
      return SQLTerm(sql: "(\(element.sql) IN (\(parameters)))", bindings: element.bindings + padded)
    }
    var tests: [String] = []
    var bindings: [SQLValue] = []
    if values.count > 256 {
      // One parameter, whatever the length. A text holding NUL is bound on its own, as JSON
      // cannot carry it: SQLite's `json_each` ends such a text at its NUL, so it would match
      // another text or none.
      let holdsNUL = { (value: SQLValue) in if case .text(let text) = value { text.utf8.contains(0) } else { false } }
      let apart = values.filter(holdsNUL)
      let carried = apart.isEmpty ? values : values.filter { !holdsNUL($0) }
      // Blobs (UUIDs, data) travel as hex text, turned back into blobs inside the query
      // (`swift_unhex`), so SQLite looks each value up in the element's index, where testing each
      // row's `hex(element)` would read every row. A list that mixes blobs with other values
      // compares by hex text.
      let isBlob = { (value: SQLValue) in if case .blob = value { true } else { false } }
      let compared: String
      if carried.allSatisfy(isBlob) {
        compared = "\(element.sql) IN (SELECT swift_unhex(value) FROM json_each(?))"
      } else if values.contains(where: isBlob) {
        compared = "hex(\(element.sql)) IN (SELECT value FROM json_each(?))"
      } else {
        compared = "\(element.sql) IN (SELECT value FROM json_each(?))"
      }
      tests.append(compared)
      bindings += element.bindings + [.text(try Self.jsonArray(carried))]
      if !apart.isEmpty {
        guard apart.count <= PredicateTranslator.longestParameterList else {
          throw .unsupportedQuery(
            "a captured sequence holds more than \(PredicateTranslator.longestParameterList) texts with NUL characters")
        }
        tests.append("\(element.sql) IN (\(Array(repeating: "?", count: apart.count).joined(separator: ", ")))")
        bindings += element.bindings + apart
      }
    } else if !values.isEmpty {
      tests.append("\(element.sql) IN (\(Array(repeating: "?", count: values.count).joined(separator: ", ")))")
      bindings += element.bindings + values
    }
    if containsNil {
      tests.append("\(element.sql) IS NULL")
      bindings += element.bindings
    }
    guard !tests.isEmpty else { return SQLTerm(sql: "0", bindings: []) }
    // No list holds NULL, so the tests are NULL only where the element is; where the element
    // may be NULL and no `nil` is looked for, that is said first. A test that is never NULL
    // keeps the bare `IN`, which SQLite answers from the element's index.
    let any = tests.joined(separator: " OR ")
    guard !containsNil, !element.neverNull else { return SQLTerm(sql: "(\(any))", bindings: bindings) }
    return SQLTerm(sql: "(\(element.sql) IS NOT NULL AND (\(any)))", bindings: element.bindings + bindings)
  }

  func jsonContains(
    base: SQLFragment, path: [String], element: JSONArrayElement, in translator: PredicateTranslator
  ) throws(PersistenceError) -> SQLTerm {
    let (value, compared) = try Self.compared(element, in: translator)
    return SQLTerm(
      sql: "EXISTS (SELECT 1 FROM json_each(\(base.sql), ?) WHERE \(value) IS \(compared.sql))",
      bindings: base.bindings + [.text(Self.jsonPath(path))] + compared.bindings)
  }

  /// The SQL of a JSON array's element (`value`, of `json_each`), and the element as the array
  /// holds it.
  private static func compared(
    _ element: JSONArrayElement, in translator: PredicateTranslator
  ) throws(PersistenceError) -> (value: String, element: SQLTerm) {
    switch element {
    case .uuidText(let text): return ("upper(value)", SQLTerm(sql: "?", bindings: [.text(text)]))
    case .uuid(let bytes):
      let hex = "hex(\(bytes.sql))"
      let parts = [(1, 8), (9, 4), (13, 4), (17, 4), (21, 12)].map { "substr(\(hex), \($0.0), \($0.1))" }
      return (
        "upper(value)",
        SQLTerm(
          sql: "(\(parts.joined(separator: " || '-' || ")))",
          bindings: Array(repeating: bytes.bindings, count: 5).flatMap { $0 })
      )
    case .base64(let text): return ("value", SQLTerm(sql: "?", bindings: [.text(text)]))
    case .data:
      throw .unsupportedQuery(
        "a Data array inside a JSON attribute can be tested for a captured value only (in a predicate on \(translator.modelName))"
      )
    case .float(let term): return ("swift_float(value)", term)
    case .value(let term): return ("value", term)
    }
  }

  /// The values as a JSON array; blobs as upper-case hex, as SQLite's `hex()` writes them.
  /// Written directly: a list this long is bound for every page of a listing that looks up
  /// each batch's related rows, where `JSONSerialization` took milliseconds a list.
  private static func jsonArray(_ values: [SQLValue]) throws(PersistenceError) -> String {
    var bytes: [UInt8] = [UInt8(ascii: "[")]
    bytes.reserveCapacity(values.count * 36)
    for (position, value) in values.enumerated() {
      if position > 0 { bytes.append(UInt8(ascii: ",")) }
      switch value {
      case .integer(let integer): bytes += String(integer).utf8
      case .real(let real):
        // The failure is turned into the query's own error, with words for the user.
        guard real.isFinite else {
          throw .unsupportedQuery("the values of a captured sequence cannot be written as JSON")
        }
        bytes += real.description.utf8
      case .text(let text): PrettyJSON.write(text, to: &bytes)
      case .blob(let data): PrettyJSON.write(PredicateTranslator.upperHex(data), to: &bytes)
      case .null: bytes += "null".utf8
      }
    }
    bytes.append(UInt8(ascii: "]"))
    return String(decoding: bytes, as: UTF8.self)
  }
}
