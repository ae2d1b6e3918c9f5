import Foundation
import SQLiteCore

// Membership and text matching: `contains` of a captured array or a JSON array, ranges,
// and the string tests, evaluated by Swift's own rules.

extension PredicateExpressions.SequenceContains: SQLExpressible where RHS: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    let element = try translator.scalar(self.element)
    if let captured = sequence as? any CapturedValue {
      return try translator.membership(element, in: captured.capturedValue)
    }
    let collection = try translator.translate(sequence)
    guard case .json(let base, let path) = collection.shape else {
      throw translator.unsupported(Self.self, " (contains on a computed sequence)")
    }
    let (value, compared) = try translator.jsonElement(element, of: RHS.Output.self)
    if translator.dialect == .postgreSQL {
      return try translator.postgresJSONContains(
        base: base, path: path, element: compared, elementType: RHS.Output.self)
    }
    let jsonPath = "$" + path.map { ".\"\($0)\"" }.joined()
    return SQLTerm(
      sql: "EXISTS (SELECT 1 FROM json_each(\(base.sql), ?) WHERE \(value) IS \(compared.sql))",
      bindings: base.bindings + [.text(jsonPath)] + compared.bindings)
  }
}

extension PredicateExpressions.RangeExpressionContains: SQLExpressible where Element: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    let element = try translator.scalar(self.element)
    let bounds: (lower: SQLTerm, upper: SQLTerm, closed: Bool)
    if let range = range as? any RangeBoundsExpression {
      bounds = (
        try translator.scalar(range.lowerExpression), try translator.scalar(range.upperExpression), range.isClosed
      )
    } else if let captured = range as? any CapturedValue, let range = captured.capturedValue as? any RangeBounds {
      bounds = (
        try translator.captured(range.lowerValue, of: Element.Output.self),
        try translator.captured(range.upperValue, of: Element.Output.self), range.isClosed
      )
    } else {
      throw translator.unsupported(RangeExpression.self)
    }
    // The element is written twice, so its values are bound twice, in text order.
    let upperTest = bounds.closed ? "<=" : "<"
    if translator.dialect == .postgreSQL {
      let text = Element.Output.self == String.self
      let lower = translator.postgresComparison(element, ">=", bounds.lower, text: text)
      let upper = translator.postgresComparison(element, upperTest, bounds.upper, text: text)
      return SQLTerm(sql: "(\(lower.sql) AND \(upper.sql))", bindings: lower.bindings + upper.bindings)
    }
    let test = "((\(element.sql) >= \(bounds.lower.sql)) AND (\(element.sql) \(upperTest) \(bounds.upper.sql)))"
    // A NaN, which SQLite holds as NULL, is in no range.
    let mayBeNaN = element.mayBeNaN || bounds.lower.mayBeNaN || bounds.upper.mayBeNaN
    return SQLTerm(
      sql: mayBeNaN ? "coalesce(\(test), 0)" : test,
      bindings: element.bindings + bounds.lower.bindings + element.bindings + bounds.upper.bindings)
  }
}

extension PredicateExpressions.SequenceStartsWith: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    guard Base.Output.self == String.self, Prefix.Output.self == String.self else {
      throw translator.unsupported(Self.self, " (only for strings)")
    }
    guard translator.dialect == .postgreSQL else {
      // By Swift's characters, as `Predicate.evaluate` does, within a range an index answers.
      let (haystack, needle) = (try translator.scalar(base), try translator.scalar(prefix))
      let exact = SQLTerm.call("swift_starts_with", haystack, needle)
      guard let range = translator.prefixRange(haystack, needle) else { return exact }
      return SQLTerm(sql: "(\(range.sql) AND \(exact.sql))", bindings: range.bindings + exact.bindings)
    }
    return try translator.narrowingTextTest("starts_with", base, prefix, test: { "starts_with(\($0), \($1))" })
  }
}

extension PredicateExpressions.CollectionContainsCollection: SQLExpressible {
  func sqlTerm(in translator: PredicateTranslator) throws(PersistenceError) -> SQLTerm {
    guard Base.Output.self == String.self, Other.Output.self == String.self else {
      throw translator.unsupported(Self.self, " (only for strings)")
    }
    guard translator.dialect == .sqlite else {
      return try translator.narrowingTextTest("contains", base, other, test: { "(strpos(\($0), \($1)) > 0)" })
    }
    // By Swift's characters, as `Predicate.evaluate` does; `%` and `_` are plain text.
    let (haystack, needle) = (try translator.scalar(base), try translator.scalar(other))
    let exact = translator.bytesFirst(SQLTerm.call("swift_contains", haystack, needle), haystack, needle)
    guard let narrowing = translator.searchNarrowing(haystack, containing: needle) else { return exact }
    return SQLTerm(narrowing: narrowing, exact: exact.fragment)
  }
}

extension PredicateTranslator {
  /// A text test PostgreSQL answers by code points, where Swift compares characters: a match
  /// that splits a character (`"👍"` in `"👍🏽"`, `"q"` before a combining mark) is found there
  /// and not by Swift. With both sides in NFC it finds every match Swift does, so its SQL is an
  /// upper bound (see ``InexactBounds``), and nothing below it is known.
  func narrowingTextTest(
    _ name: String, _ base: Any, _ other: Any, test: (String, String) -> String
  ) throws(PersistenceError) -> SQLTerm {
    let haystack = try scalar(base)
    let needle = try scalar(other)
    let upper = SQLFragment(test(haystack.sql, needle.sql), haystack.bindings + needle.bindings)
    return .bounded(InexactBounds(upper: upper, lower: SQLFragment(dialect.literal(false))))
  }

  /// The range of a text column that holds every value starting with a captured `prefix`:
  /// `column >= prefix AND column < next`, `next` being the prefix with its last scalar one
  /// higher, which SQLite reads from an index on the column; `nil` unless `haystack` is a
  /// column and `prefix` a captured, non-empty text.
  ///
  /// Text compares by its UTF-8 bytes, whose order is the scalars' order. Stored text is in
  /// NFC, as a captured value is, and NFC does not change across the boundary of two
  /// characters, so a value Swift finds starting with the prefix starts with its scalars and
  /// lies in the range; the exact test still decides. `next` is bound as it is, not normalized:
  /// NFC could map it below the prefix (U+2126 OHM SIGN is U+03A9 in NFC).
  func prefixRange(_ haystack: SQLTerm, _ prefix: SQLTerm) -> SQLFragment? {
    guard haystack.column != nil, let text = prefix.capturedText, !text.isEmpty else { return nil }
    let lower = SQLFragment("\(haystack.sql) >= ?", haystack.bindings + [.text(text)])
    var scalars = Array(text.unicodeScalars)
    while let last = scalars.popLast() {
      // The scalar after the last, past the surrogates, which no text holds.
      guard let next = Unicode.Scalar(last.value + 1 == 0xD800 ? 0xE000 : last.value + 1) else { continue }
      var upper = String.UnicodeScalarView(scalars)
      upper.append(next)
      return SQLFragment(
        "(\(lower.sql) AND \(haystack.sql) < ?)", lower.bindings + haystack.bindings + [.text(String(upper))])
    }
    // Every scalar is the highest there is: no text above the prefix starts otherwise.
    return lower
  }

  /// `exact`, a Swift text test of `haystack` against `needle`, after SQLite's `instr` has found
  /// the needle's bytes in the row, when `haystack` is a column and `needle` a captured text
  /// without NUL; `exact` alone otherwise.
  ///
  /// Stored text is in NFC, as a captured value is, and NFC does not change across the boundary
  /// of two characters, so text Swift finds holding the needle (or starting with it) holds its
  /// bytes: `instr` rejects in C, without a call into Swift, the rows that cannot match, and
  /// where it finds the bytes the Swift test decides. `instr` is NULL only where the column is,
  /// and `exact` is then NULL too, so the conjunction is `exact`'s value, the third truth value
  /// included. A needle of one or two characters, which the substring index cannot look up,
  /// reads every row this way.
  func bytesFirst(_ exact: SQLTerm, _ haystack: SQLTerm, _ needle: SQLTerm) -> SQLTerm {
    guard haystack.column != nil, let text = needle.capturedText, !text.isEmpty, !text.utf8.contains(0) else {
      return exact
    }
    return SQLTerm(
      sql: "(instr(\(haystack.sql), ?) > 0 AND \(exact.sql))",
      bindings: haystack.bindings + needle.bindings + exact.bindings)
  }

  /// The condition that narrows `haystack.contains(needle)` to the rows the table's substring
  /// index (``SearchIndex``) finds, when `haystack` is a searchable column and `needle` a captured
  /// value the index can look up; `nil` otherwise, and the exact test alone reads every row.
  func searchNarrowing(_ haystack: SQLTerm, containing needle: SQLTerm) -> SQLFragment? {
    guard narrowsSearches, let index = SearchIndex(table), let column = haystack.column,
      let text = needle.capturedText, let narrowing = index.narrowing(column, containing: text)
    else { return nil }
    return SQLFragment("\(table.quotedName).\(narrowing.sql)", narrowing.bindings)
  }
}

extension PredicateTranslator {
  /// `element IN (…)` for the values of a captured sequence, never NULL, so `!` works on it
  /// as in Swift.
  ///
  /// On a `NOT NULL` column with no `nil` among the values the test is a bare `IN` over bound
  /// parameters, which SQLite answers from the column's index (`ids.contains($0.movieID)`
  /// fetching a relationship's rows in one query). Lists are padded with their last value to
  /// a power of two, so a few statements serve every length. Longer lists (and lists of more
  /// than 256 values tested against an element that may be NULL) are bound as one JSON array,
  /// still looked up in the element's index; an element that may be NULL is tested for NULL
  /// first, unless `nil` is among the values.
  func membership(_ element: SQLTerm, in sequence: Any) throws(PersistenceError) -> SQLTerm {
    guard let sequence = sequence as? any Sequence else { throw unsupported(type(of: sequence)) }
    var values: [SQLValue] = []
    var kind: ValueKind?
    if dialect == .sqlite {
      do {
        values = try SQLValue.elements(of: sequence)
      } catch {
        throw bindingError(error)
      }
    } else {
      for value in Self.elements(of: sequence) {
        values.append(try bindable(value))
        if kind == nil, values.last != .null { kind = PostgresSQL.kind(of: type(of: value)) }
      }
    }
    let containsNil = values.contains(.null)
    values.removeAll { $0 == .null }
    if dialect == .postgreSQL {
      return try postgresMembership(element, in: values, containsNil: containsNil, kind: kind)
    }
    if element.neverNull, !containsNil, let last = values.last, values.count <= Self.longestParameterList {
      let padded = values + Array(repeating: last, count: Self.parameterCount(for: values.count) - values.count)
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
        guard apart.count <= Self.longestParameterList else {
          throw .unsupportedQuery(
            "a captured sequence holds more than \(Self.longestParameterList) texts with NUL characters")
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

  /// The longest list bound one parameter a value (far under SQLite's limit of 32,766
  /// parameters a statement).
  static let longestParameterList = 8192

  /// The least power of two at or above `count`.
  static func parameterCount(for count: Int) -> Int {
    var result = 1
    while result < count { result <<= 1 }
    return result
  }

  private static func elements<S: Sequence>(of sequence: S) -> [Any] { sequence.map { $0 } }

  /// Bytes as upper-case hexadecimal digits, as SQLite's `hex()` writes them.
  static func upperHex(_ data: Data) -> String { Hexadecimal.text(of: data, upperCase: true) }

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
      case .blob(let data): PrettyJSON.write(upperHex(data), to: &bytes)
      case .null: bytes += "null".utf8
      }
    }
    bytes.append(UInt8(ascii: "]"))
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension PredicateTranslator {
  /// How an element is compared with the elements of a JSON array: the SQL of an array
  /// element (`value`, of SQLite's `json_each`), and the element as JSON holds it. JSON holds a
  /// UUID as its text (compared in upper case) and `Data` as base64, where a column or a bound
  /// value holds bytes; a `Float` as its shortest decimal, rounded back here.
  func jsonElement(_ element: SQLTerm, of type: Any.Type) throws(PersistenceError) -> (value: String, element: SQLTerm)
  {
    let wrapped = (type as? any OptionalProtocol.Type)?.wrappedType ?? type
    let captured: Data? =
      if element.bindings.count == 1, case .blob(let bytes) = element.bindings[0],
        element.sql == "?" || element.sql == PostgresSQL.parameter(.uuid) || element.sql == PostgresSQL.parameter(.blob)
      { bytes } else { nil }
    switch ProbeRecorder.kind(of: wrapped) {
    case .uuid:
      if let captured, captured.count == 16 {
        let uuid = captured.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
        return ("upper(value)", SQLTerm(sql: dialect == .sqlite ? "?" : "?::text", bindings: [.text(uuid.uuidString)]))
      }
      guard dialect == .sqlite else {
        return ("", SQLTerm(sql: "upper((\(element.sql))::text)", bindings: element.bindings))
      }
      let hex = "hex(\(element.sql))"
      let parts = [(1, 8), (9, 4), (13, 4), (17, 4), (21, 12)].map { "substr(\(hex), \($0.0), \($0.1))" }
      return (
        "upper(value)",
        SQLTerm(
          sql: "(\(parts.joined(separator: " || '-' || ")))",
          bindings: Array(repeating: element.bindings, count: 5).flatMap { $0 })
      )
    case .blob:
      if let captured {
        return (
          "value", SQLTerm(sql: dialect == .sqlite ? "?" : "?::text", bindings: [.text(captured.base64EncodedString())])
        )
      }
      guard dialect == .postgreSQL else {
        throw .unsupportedQuery(
          "a Data array inside a JSON attribute can be tested for a captured value only (in a predicate on \(modelName))"
        )
      }
      return ("", SQLTerm(sql: "translate(encode(\(element.sql), 'base64'), E'\\n', '')", bindings: element.bindings))
    case .real where wrapped is Float.Type: return ("swift_float(value)", element)
    default: return ("value", element)
    }
  }
}

/// A predicate expression holding a captured value.
protocol CapturedValue {
  /// The captured value.
  var capturedValue: Any { get }
}

extension PredicateExpressions.Value: CapturedValue {
  var capturedValue: Any { value }
}

/// A range written in a predicate, `a...b` or `a..<b`.
protocol RangeBoundsExpression {
  var lowerExpression: Any { get }
  var upperExpression: Any { get }
  var isClosed: Bool { get }
}

extension PredicateExpressions.ClosedRange: RangeBoundsExpression {
  var lowerExpression: Any { lower }
  var upperExpression: Any { upper }
  var isClosed: Bool { true }
}

extension PredicateExpressions.Range: RangeBoundsExpression {
  var lowerExpression: Any { lower }
  var upperExpression: Any { upper }
  var isClosed: Bool { false }
}

/// A captured range value, `ClosedRange` or `Range`.
protocol RangeBounds {
  var lowerValue: Any { get }
  var upperValue: Any { get }
  var isClosed: Bool { get }
}

extension ClosedRange: RangeBounds {
  var lowerValue: Any { lowerBound }
  var upperValue: Any { upperBound }
  var isClosed: Bool { true }
}

extension Range: RangeBounds {
  var lowerValue: Any { lowerBound }
  var upperValue: Any { upperBound }
  var isClosed: Bool { false }
}
