/// A JSON value (RFC 8259) as an import reads it: strings checked as UTF-8 and unescaped,
/// numbers kept as the text they were written as, objects with their keys in order.
indirect enum JSONValue: Equatable {
  case string(String)
  case number(String)
  case bool(Bool)
  case null
  case array([JSONValue])
  case object([(key: String, value: JSONValue)])

  static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.string(let a), .string(let b)), (.number(let a), .number(let b)): a == b
    case (.bool(let a), .bool(let b)): a == b
    case (.null, .null): true
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)): a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
    default: false
    }
  }

  /// The name of the value's kind, for error messages: `a string`, `a number`, ….
  var kind: String {
    switch self {
    case .string: "a string"
    case .number: "a number"
    case .bool: "true or false"
    case .null: "null"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// Bytes that are not one JSON value, with the offset where reading stopped.
  struct Failure: Error, Equatable {
    let offset: Int
    let reason: String
  }

  /// The deepest nesting of arrays and objects accepted.
  static let maximumDepth = 512

  /// Parses bytes holding exactly one JSON value, with white space around it.
  ///
  /// Stricter than `JSONSerialization`, so that nothing is read other than as written: text
  /// that is not UTF-8, a lone surrogate escape, a control character inside a string, and a key
  /// twice in one object are refused, and `true` is not a number.
  ///
  /// - Throws: ``Failure`` at the first byte that does not fit.
  static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
    var parser = Parser(bytes: bytes)
    parser.skipSpace()
    let value = try parser.value(depth: 0)
    parser.skipSpace()
    guard parser.position == bytes.count else { throw parser.failure("text after the value") }
    return value
  }
}

private struct Parser {
  let bytes: [UInt8]
  var position = 0

  func failure(_ reason: String) -> JSONValue.Failure { JSONValue.Failure(offset: position, reason: reason) }

  var next: UInt8? { position < bytes.count ? bytes[position] : nil }

  mutating func skipSpace() {
    while let byte = next, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
  }

  mutating func take(_ byte: UInt8) -> Bool {
    guard next == byte else { return false }
    position += 1
    return true
  }

  mutating func value(depth: Int) throws(JSONValue.Failure) -> JSONValue {
    guard let byte = next else { throw failure("a value is missing") }
    switch byte {
    case UInt8(ascii: "{"): return try object(depth: depth + 1)
    case UInt8(ascii: "["): return try array(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
    default: throw failure("unexpected \(describe(byte))")
    }
  }

  private func describe(_ byte: UInt8) -> String {
    (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : UTF8Check.describe(bytes, at: position)
  }

  private mutating func literal(_ word: String, _ value: JSONValue) throws(JSONValue.Failure) -> JSONValue {
    for byte in word.utf8 {
      guard take(byte) else { throw failure("expected \(word)") }
    }
    return value
  }

  private mutating func object(depth: Int) throws(JSONValue.Failure) -> JSONValue {
    guard depth <= JSONValue.maximumDepth else { throw failure("nested too deeply") }
    position += 1
    var members: [(key: String, value: JSONValue)] = []
    var keys = Set<String>()
    skipSpace()
    if take(UInt8(ascii: "}")) { return .object(members) }
    while true {
      skipSpace()
      let keyStart = position
      guard next == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
      let key = try string()
      guard keys.insert(key).inserted else {
        throw JSONValue.Failure(offset: keyStart, reason: "the key \"\(key)\" appears twice in one object")
      }
      skipSpace()
      guard take(UInt8(ascii: ":")) else { throw failure("expected ':' after a key") }
      skipSpace()
      members.append((key, try value(depth: depth)))
      skipSpace()
      if take(UInt8(ascii: "}")) { return .object(members) }
      guard take(UInt8(ascii: ",")) else { throw failure("expected ',' or '}' in an object") }
    }
  }

  private mutating func array(depth: Int) throws(JSONValue.Failure) -> JSONValue {
    guard depth <= JSONValue.maximumDepth else { throw failure("nested too deeply") }
    position += 1
    var elements: [JSONValue] = []
    skipSpace()
    if take(UInt8(ascii: "]")) { return .array(elements) }
    while true {
      skipSpace()
      elements.append(try value(depth: depth))
      skipSpace()
      if take(UInt8(ascii: "]")) { return .array(elements) }
      guard take(UInt8(ascii: ",")) else { throw failure("expected ',' or ']' in an array") }
    }
  }

  private mutating func number() throws(JSONValue.Failure) -> String {
    let start = position
    func digits() -> Int {
      let first = position
      while let byte = next, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { position += 1 }
      return position - first
    }
    _ = take(UInt8(ascii: "-"))
    let leading = next
    let count = digits()
    guard count > 0, leading != UInt8(ascii: "0") || count == 1 else { throw failure("a malformed number") }
    if take(UInt8(ascii: ".")) {
      guard digits() > 0 else { throw failure("a malformed number") }
    }
    if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
      _ = take(UInt8(ascii: "+")) || take(UInt8(ascii: "-"))
      guard digits() > 0 else { throw failure("a malformed number") }
    }
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }

  private mutating func string() throws(JSONValue.Failure) -> String {
    position += 1
    var text: [UInt8] = []
    while true {
      guard let byte = next else { throw failure("a string is never closed") }
      switch byte {
      case UInt8(ascii: "\""):
        position += 1
        // Every byte appended was checked, or came from an escape.
        return String(decoding: text, as: UTF8.self)
      case UInt8(ascii: "\\"):
        position += 1
        try escape(into: &text)
      case 0x00..<0x20:
        throw failure(
          "a control character (\(UTF8Check.describe(bytes, at: position))) in a string; JSON needs it escaped")
      case 0x20..<0x80:
        text.append(byte)
        position += 1
      default:
        guard let length = UTF8Check.scalarLength(bytes, at: position) else {
          throw failure("\(UTF8Check.describe(bytes, at: position)) is not UTF-8")
        }
        text.append(contentsOf: bytes[position..<position + length])
        position += length
      }
    }
  }

  private mutating func escape(into text: inout [UInt8]) throws(JSONValue.Failure) {
    guard let byte = next else { throw failure("a string is never closed") }
    position += 1
    let simple: [UInt8: UInt8] = [
      UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
      UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
    ]
    if let plain = simple[byte] {
      text.append(plain)
      return
    }
    guard byte == UInt8(ascii: "u") else { throw failure("an unknown escape in a string") }
    var scalar = try hex4()
    if (0xD800...0xDBFF).contains(scalar) {
      guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")) else { throw failure("a lone surrogate escape") }
      let low = try hex4()
      guard (0xDC00...0xDFFF).contains(low) else { throw failure("a lone surrogate escape") }
      scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
    }
    guard let value = Unicode.Scalar(scalar) else { throw failure("a lone surrogate escape") }
    text.append(contentsOf: String(Character(value)).utf8)
  }

  private mutating func hex4() throws(JSONValue.Failure) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = next, let digit = Character(Unicode.Scalar(byte)).hexDigitValue else {
        throw failure("a \\u escape needs four hexadecimal digits")
      }
      value = value << 4 | UInt32(digit)
      position += 1
    }
    return value
  }
}
