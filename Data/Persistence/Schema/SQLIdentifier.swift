/// Quotes SQL identifiers, so any table or column name is safe to put in SQL text.
package enum SQLIdentifier {
  /// The name in double quotes, embedded double quotes doubled.
  package static func quote(_ name: String) -> String {
    // Plain Swift: Foundation's `replacingOccurrences` goes through NSString on Linux, a
    // cost every query's SQL paid once a column.
    guard name.utf8.contains(UInt8(ascii: "\"")) else { return "\"" + name + "\"" }
    return "\"" + name.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
  }
}
