/// Reads and writes the column value that names external files: one name, or a JSON array of
/// names. Names are hexadecimal digits, a hyphen and decimal digits (see
/// ``ExternalFiles/isValidName(_:)``), so the array needs no escaping.
enum ExternalNames {
  /// The JSON array of names, `["…","…"]`.
  static func json(_ names: [String]) -> String {
    // Most models have no files: their empty list is written for every row.
    guard !names.isEmpty else { return "[]" }
    return "[" + names.map { "\"\($0)\"" }.joined(separator: ",") + "]"
  }

  /// The names in a stored value, as written; ``ExternalFiles/read(_:)`` refuses any that is
  /// not a valid name.
  static func parse(_ stored: String) -> [String] {
    guard stored.hasPrefix("[") else { return [stored] }
    return stored.split(whereSeparator: { "[]\", ".contains($0) }).map(String.init)
  }
}
