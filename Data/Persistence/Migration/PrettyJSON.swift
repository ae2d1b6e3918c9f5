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
    var bytes: [UInt8] = []
    bytes.reserveCapacity(4096)
    write(to: &bytes, indent: 0)
    return String(decoding: bytes, as: UTF8.self)
  }

  private func write(to bytes: inout [UInt8], indent: Int) {
    switch self {
    case .string(let string): Self.write(string, to: &bytes)
    case .bool(let bool): bytes += (bool ? "true" : "false").utf8
    case .array(let elements):
      bytes += "[\n".utf8
      for (position, element) in elements.enumerated() {
        if position > 0 { bytes += ",\n".utf8 }
        bytes += repeatElement(UInt8(ascii: " "), count: indent + 2)
        element.write(to: &bytes, indent: indent + 2)
      }
      bytes.append(UInt8(ascii: "\n"))
      bytes += repeatElement(UInt8(ascii: " "), count: indent)
      bytes.append(UInt8(ascii: "]"))
    case .object(let members):
      bytes += "{\n".utf8
      for (position, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
        if position > 0 { bytes += ",\n".utf8 }
        bytes += repeatElement(UInt8(ascii: " "), count: indent + 2)
        Self.write(member.key, to: &bytes)
        bytes += " : ".utf8
        member.value.write(to: &bytes, indent: indent + 2)
      }
      bytes.append(UInt8(ascii: "\n"))
      bytes += repeatElement(UInt8(ascii: " "), count: indent)
      bytes.append(UInt8(ascii: "}"))
    }
  }

  /// A string, quoted; only ASCII bytes are escaped, so the UTF-8 of anything else is copied.
  /// A captured list's JSON array (bound to `json_each`) writes its strings through it too.
  static func write(_ string: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    for byte in string.utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes += [UInt8(ascii: "\\"), byte]
      case UInt8(ascii: "\n"): bytes += "\\n".utf8
      case UInt8(ascii: "\r"): bytes += "\\r".utf8
      case UInt8(ascii: "\t"): bytes += "\\t".utf8
      case 0x08: bytes += "\\b".utf8
      case 0x0C: bytes += "\\f".utf8
      case ..<0x20: bytes += "\\u00\(byte < 0x10 ? "0" : "")\(String(byte, radix: 16))".utf8
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
