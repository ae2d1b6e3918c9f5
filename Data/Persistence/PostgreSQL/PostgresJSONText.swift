/// Strings inside JSON documents as PostgreSQL stores them: any Swift string, NUL characters
/// included.
///
/// `jsonb` refuses the escape `\u0000`. The engine stores each string of a document in the form
/// ``PostgresText`` gives column text — U+0000 as U+0001 U+0001, U+0001 as U+0001 U+0002 — by
/// rewriting the document's escapes on the way in and back on the way out. A predicate on a
/// value inside a document then compares the stored form with a parameter in the same form, as
/// for a column. Documents without either escape — nearly all — pass through unchanged.
///
/// An escape is one only when an even number of backslashes (none, or escaped backslashes)
/// precede it: `\\u0000` is a backslash followed by the text `u0000`, and stays as it is.
enum PostgresJSONText {
  /// The SQL that stores a bound JSON document (`placeholder`, which it names once).
  static func stored(_ placeholder: String) -> String {
    let first = replacing(placeholder, escape: "0001", with: #"\\u0001\\u0002"#)
    return replacing(first, escape: "0000", with: #"\\u0001\\u0001"#) + "::jsonb"
  }

  /// Whether ``stored(_:)`` changes a document: only one that holds `\u0000` or `\u0001`.
  static func isRewritten(_ document: String) -> Bool {
    document.contains(#"\u0000"#) || document.contains(#"\u0001"#)
  }

  /// The SQL that reads a stored document (`column`) back as the JSON text that was stored.
  static func read(_ column: String) -> String {
    let text = "\(column)::text"
    let first = replacing(text, escape: "0001\\\\u0001", with: #"\\u0000"#)
    let restored = replacing(first, escape: "0001\\\\u0002", with: #"\\u0001"#)
    return #"(CASE WHEN strpos(\#(text), '\u0001') = 0 THEN \#(text) ELSE \#(restored) END)"#
  }

  /// `regexp_replace` of each `\u` escape spelled `\u` + `escape` (a regular expression's
  /// text) by `replacement` (a replacement's text), where the backslash before it is not itself
  /// escaped.
  private static func replacing(_ sql: String, escape: String, with replacement: String) -> String {
    #"regexp_replace(\#(sql), '(?<!\\)((?:\\\\)*)\\u\#(escape)', '\1\#(replacement)', 'g')"#
  }
}
