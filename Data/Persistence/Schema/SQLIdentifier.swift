import Foundation

/// Quotes SQL identifiers, so any table or column name is safe to put in SQL text.
package enum SQLIdentifier {
  /// The name in double quotes, embedded double quotes doubled.
  package static func quote(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
