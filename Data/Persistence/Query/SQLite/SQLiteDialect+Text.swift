import Foundation
import SQLValues

// Text tests on SQLite, by Swift's characters as `Predicate.evaluate` compares them, within
// what an index answers.

extension SQLiteDialect {
  func startsWith(
    _ base: Any, _ prefix: Any, in translator: PredicateTranslator
  ) throws(PersistenceError)
    -> SQLTerm
  {
    let (haystack, needle) = (try translator.scalar(base), try translator.scalar(prefix))
    let exact = SQLTerm.call("swift_starts_with", haystack, needle)
    guard let range = translator.prefixRange(haystack, needle) else { return exact }
    return SQLTerm(sql: "(\(range.sql) AND \(exact.sql))", bindings: range.bindings + exact.bindings)
  }

  func containsText(
    _ base: Any, _ other: Any, in translator: PredicateTranslator
  ) throws(PersistenceError)
    -> SQLTerm
  {
    // `%` and `_` are plain text.
    let (haystack, needle) = (try translator.scalar(base), try translator.scalar(other))
    let exact = translator.bytesFirst(SQLTerm.call("swift_contains", haystack, needle), haystack, needle)
    guard let narrowing = translator.searchNarrowing(haystack, containing: needle) else { return exact }
    return SQLTerm(narrowing: narrowing, exact: exact.fragment)
  }
}

extension PredicateTranslator {
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
