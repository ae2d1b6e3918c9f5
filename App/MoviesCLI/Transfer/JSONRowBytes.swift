/// The bytes of one JSON row — an element of an array, a line of JSON Lines — gathered a byte
/// at a time up to ``ImportLimits``: a string past ``ImportLimits/fieldBytes``, or a row past
/// ``ImportLimits/rowBytes``, is counted from there on, not kept, so a row of any length is read
/// in bounded memory. It follows strings and nesting, so it knows the key (of the row's own
/// object) whose value broke the limit, and where an element ends.
struct JSONRowBytes {
  /// The bytes kept; empty once a limit was passed.
  private(set) var bytes: [UInt8] = []
  /// The first limit passed, if any: the key whose value passed it (`nil` outside one) and
  /// what it broke (``ImportLimits/fieldTooLong``).
  private(set) var overflow: (key: String?, reason: String)?
  /// How deep in arrays and objects the last byte is: 1 inside the row's own object.
  private(set) var depth = 0
  /// Whether the last byte is inside a string (its closing quote is not).
  private(set) var inString = false
  private var escaped = false
  /// The bytes of the string being read, kept or not.
  private var stringBytes = 0
  /// The start of the string being read, when it may be a key of the row's own object.
  private var keyStart: Int?
  /// The last string closed at depth 1, which a `:` makes the current key.
  private var lastString: String?
  private var key: String?

  /// The longest key remembered, in bytes; a longer one names no field anyway.
  private static let longestKey = 64

  /// Adds the next byte of the row.
  mutating func append(_ byte: UInt8) {
    if inString {
      stringBytes += 1
      if escaped {
        escaped = false
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
      } else if byte == UInt8(ascii: "\"") {
        inString = false
        if let start = keyStart, overflow == nil {
          lastString = String(decoding: bytes[start...], as: UTF8.self)
        }
        keyStart = nil
      }
      if stringBytes > ImportLimits.fieldBytes, overflow == nil { pass(ImportLimits.fieldTooLong) }
      if let start = keyStart, bytes.count - start >= Self.longestKey { keyStart = nil }
    } else {
      switch byte {
      case UInt8(ascii: "\""):
        inString = true
        stringBytes = 0
        keyStart = depth == 1 ? bytes.count + 1 : nil
        lastString = nil
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
      case UInt8(ascii: ":"):
        if depth == 1, let lastString { key = lastString }
      case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): break
      default: lastString = nil
      }
    }
    guard overflow == nil else { return }
    if bytes.count >= ImportLimits.rowBytes {
      pass(ImportLimits.rowTooLong)
      return
    }
    bytes.append(byte)
  }

  /// Records the first limit passed, and lets go of the bytes kept.
  private mutating func pass(_ reason: String) {
    guard overflow == nil else { return }
    overflow = (depth >= 1 ? key : nil, reason)
    bytes = []
    keyStart = nil
  }
}
