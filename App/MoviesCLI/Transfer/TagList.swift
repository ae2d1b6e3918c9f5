import Foundation

/// A movie's tags as one text field, as CSV carries them: names separated by `|`, with a `|`
/// inside a name written `\|` and a backslash `\\`, so any name comes back as it was.
///
/// A backslash before any other character stands for itself, so files written before the
/// escapes existed read as they did, unless a name ends with a backslash.
enum TagList {
  // Both directions read Unicode scalars, not `Character`s: a `|` followed by a combining mark
  // is one `Character` that is not `|`, yet the field holds the `|` all the same.

  /// The names joined into one field, each `|` and `\` escaped.
  static func encoded(_ names: [String]) -> String {
    names.map { name in
      guard name.utf8.contains(where: { $0 == UInt8(ascii: "|") || $0 == UInt8(ascii: "\\") }) else { return name }
      var escaped = String.UnicodeScalarView()
      for scalar in name.unicodeScalars {
        if scalar == "|" || scalar == "\\" { escaped.append("\\") }
        escaped.append(scalar)
      }
      return String(escaped)
    }.joined(separator: "|")
  }

  /// The names one field holds; none for an empty field.
  static func decoded(_ text: String) -> [String] {
    guard !text.isEmpty else { return [] }
    guard text.utf8.contains(UInt8(ascii: "\\")) else {
      return text.utf8.split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
      }
    }
    var names: [String] = []
    var name = String.UnicodeScalarView()
    var escaped = false
    for scalar in text.unicodeScalars {
      if escaped {
        if scalar != "|" && scalar != "\\" { name.append("\\") }
        name.append(scalar)
        escaped = false
      } else if scalar == "\\" {
        escaped = true
      } else if scalar == "|" {
        names.append(String(name))
        name = String.UnicodeScalarView()
      } else {
        name.append(scalar)
      }
    }
    if escaped { name.append("\\") }
    names.append(String(name))
    return names
  }
}
