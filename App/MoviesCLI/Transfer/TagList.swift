import Foundation

/// A movie's tags as one text field, as CSV carries them: names separated by `|`, with a `|`
/// inside a name written `\|` and a backslash `\\`, so any name comes back as it was.
///
/// A backslash before any other character stands for itself, so files written before the
/// escapes existed read as they did, unless a name ends with a backslash.
enum TagList {
  /// The names joined into one field, each `|` and `\` escaped.
  static func encoded(_ names: [String]) -> String {
    names.map { name in
      name.contains(where: { $0 == "|" || $0 == "\\" })
        ? name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "|", with: "\\|") : name
    }.joined(separator: "|")
  }

  /// The names one field holds; none for an empty field.
  static func decoded(_ text: String) -> [String] {
    guard !text.isEmpty else { return [] }
    guard text.utf8.contains(UInt8(ascii: "\\")) else {
      return text.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
    }
    var names: [String] = []
    var name = ""
    var escaped = false
    for character in text {
      if escaped {
        if character != "|" && character != "\\" { name.append("\\") }
        name.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "|" {
        names.append(name)
        name = ""
      } else {
        name.append(character)
      }
    }
    if escaped { name.append("\\") }
    names.append(name)
    return names
  }
}
