/// A JSON value written exactly as Foundation's `JSONEncoder` writes it with `.prettyPrinted` and
/// `.sortedKeys`: two spaces a level, `" : "` between a key and its value, keys in order, an empty
/// array as `[`, a blank line and `]`, and in strings `"`, `\`, `/` and control characters escaped
/// (`\/`, `\n`, `\u001f`), everything else as it is.
///
/// ``SchemaDescription/json`` writes through it: the committed schema files and the fingerprints
/// stores record were written by the encoder, and the same bytes must come out; writing them
/// directly takes microseconds where the encoder took a millisecond, at every store's open.
enum PrettyJSON {
  case string(String)
  case bool(Bool)
  case array([PrettyJSON])
  /// An object's members; they are written sorted by key.
  case object([(key: String, value: PrettyJSON)])

  /// The value's text, with no newline after it.
  var text: String {
    var text = ""
    write(to: &text, indent: 0)
    return text
  }

  private func write(to text: inout String, indent: Int) {
    switch self {
    case .string(let string): Self.write(string, to: &text)
    case .bool(let bool): text += bool ? "true" : "false"
    case .array(let elements):
      text += "[\n"
      for (position, element) in elements.enumerated() {
        if position > 0 { text += ",\n" }
        Self.pad(&text, indent + 2)
        element.write(to: &text, indent: indent + 2)
      }
      text += "\n"
      Self.pad(&text, indent)
      text += "]"
    case .object(let members):
      text += "{\n"
      for (position, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
        if position > 0 { text += ",\n" }
        Self.pad(&text, indent + 2)
        Self.write(member.key, to: &text)
        text += " : "
        member.value.write(to: &text, indent: indent + 2)
      }
      text += "\n"
      Self.pad(&text, indent)
      text += "}"
    }
  }

  private static func pad(_ text: inout String, _ count: Int) {
    for _ in 0..<count { text += " " }
  }

  private static func write(_ string: String, to text: inout String) {
    text += "\""
    defer { text += "\"" }
    // Names are plain: written whole unless a byte needs escaping.
    guard
      string.utf8.contains(where: {
        $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "/")
      })
    else {
      text += string
      return
    }
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "/": text += "\\/"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case "\u{8}": text += "\\b"
      case "\u{C}": text += "\\f"
      case "\u{0}"..."\u{1F}":
        let digits = String(scalar.value, radix: 16)
        text += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
      default: text.unicodeScalars.append(scalar)
      }
    }
  }
}
