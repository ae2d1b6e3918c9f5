/// Checks that bytes are one JSON value (RFC 8259) and lays it out as ``JSONNode``s.
///
/// It parses in one pass without recursion, keeping open containers on an explicit stack,
/// and allows at most ``maximumDepth`` levels of nesting, as Foundation's `JSONDecoder` does.
/// It validates escapes and number syntax but leaves converting them, and checking UTF-8, to
/// the moment a value is read.
struct JSONParser {
  /// The deepest nesting of arrays and objects accepted.
  static let maximumDepth = 512

  private let bytes: UnsafeRawBufferPointer
  private var position = 0

  private init(bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }

  /// Parses `bytes` into `tape`, replacing its contents; `stack` is scratch space.
  ///
  /// After the document's nodes the tape holds one more, a `null` that stands for absent values.
  ///
  /// - Throws: ``NestedJSONError/invalidJSON(offset:reason:)`` at the first byte that does
  ///   not fit the grammar.
  static func parse(
    _ bytes: UnsafeRawBufferPointer, into tape: inout JSONTape, stack: inout [Int]
  ) throws(NestedJSONError) {
    tape.removeAll()
    // Emptying an array that is already empty would allocate.
    if !stack.isEmpty { stack.removeAll(keepingCapacity: true) }
    // Nodes hold 32-bit offsets, and array containers 32-bit node indices.
    guard bytes.count < Int(Int32.max) else {
      throw .invalidJSON(offset: 0, reason: "the document is larger than 2 GiB")
    }
    var parser = JSONParser(bytes: bytes)
    try parser.parseDocument(into: &tape, stack: &stack)
    tape.append(JSONNode(kind: .null, offset: bytes.count, next: tape.count + 1))
  }

  /// Parses the whole input: one value, then only whitespace.
  ///
  /// Containers are not parsed recursively: opening one pushes it on `stack`, and each value
  /// completed is followed by a comma (another element or member) or a closing bracket (which
  /// pops the container and completes it in turn).
  private mutating func parseDocument(into tape: inout JSONTape, stack: inout [Int]) throws(NestedJSONError) {
    skipWhitespace()
    values: while true {
      var isComplete = try parseValue(into: &tape, stack: &stack)
      while isComplete {
        guard let container = stack.last else { break values }
        skipWhitespace()
        guard position < bytes.count else { throw unexpectedEnd() }
        let byte = bytes[position]
        position += 1
        if byte == UInt8(ascii: ",") {
          tape[container].length += 1
          skipWhitespace()
          if tape[container].kind == .object { try parseKey(into: &tape) }
          isComplete = false
        } else if byte == (tape[container].kind == .array ? UInt8(ascii: "]") : UInt8(ascii: "}")) {
          tape[container].next = UInt32(truncatingIfNeeded: tape.count)
          stack.removeLast()
        } else {
          let expected = tape[container].kind == .array ? "',' or ']'" : "',' or '}'"
          throw .invalidJSON(offset: position - 1, reason: "expected \(expected), found \(Self.describe(byte))")
        }
      }
    }
    skipWhitespace()
    guard position == bytes.count else {
      throw .invalidJSON(offset: position, reason: "unexpected \(Self.describe(bytes[position])) after the value")
    }
  }

  /// Parses a value, or the opening of a container and its first key.
  ///
  /// - Returns: Whether the value is complete; `false` if a non-empty container was opened,
  ///   so that its first element comes next.
  private mutating func parseValue(into tape: inout JSONTape, stack: inout [Int]) throws(NestedJSONError) -> Bool {
    guard position < bytes.count else { throw unexpectedEnd() }
    let start = position
    switch bytes[position] {
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      let isObject = bytes[position] == UInt8(ascii: "{")
      guard stack.count < Self.maximumDepth else {
        throw .invalidJSON(offset: start, reason: "nesting is deeper than \(Self.maximumDepth) levels")
      }
      let index = tape.count
      tape.append(JSONNode(kind: isObject ? .object : .array, offset: start, next: index + 1))
      position += 1
      skipWhitespace()
      if position < bytes.count, bytes[position] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
        position += 1
        return true
      }
      stack.append(index)
      tape[index].length = 1
      if isObject { try parseKey(into: &tape) }
      return false
    case UInt8(ascii: "\""):
      try parseString(into: &tape)
    case UInt8(ascii: "t"):
      try parseLiteral("true", kind: .true, into: &tape)
    case UInt8(ascii: "f"):
      try parseLiteral("false", kind: .false, into: &tape)
    case UInt8(ascii: "n"):
      try parseLiteral("null", kind: .null, into: &tape)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      try parseNumber(into: &tape)
    default:
      throw .invalidJSON(offset: start, reason: "expected a value, found \(Self.describe(bytes[start]))")
    }
    return true
  }

  /// Parses an object member's key and the colon after it.
  private mutating func parseKey(into tape: inout JSONTape) throws(NestedJSONError) {
    guard position < bytes.count else { throw unexpectedEnd() }
    guard bytes[position] == UInt8(ascii: "\"") else {
      throw .invalidJSON(offset: position, reason: "expected a string key, found \(Self.describe(bytes[position]))")
    }
    try parseString(into: &tape)
    skipWhitespace()
    guard position < bytes.count else { throw unexpectedEnd() }
    guard bytes[position] == UInt8(ascii: ":") else {
      throw .invalidJSON(offset: position, reason: "expected ':', found \(Self.describe(bytes[position]))")
    }
    position += 1
    skipWhitespace()
  }

  /// Parses a string at `position` (its opening quote) and appends its node.
  ///
  /// Ordinary characters are skipped eight at a time; escapes are checked, not converted; the
  /// node records whether the string has escapes and whether it is all ASCII.
  private mutating func parseString(into tape: inout JSONTape) throws(NestedJSONError) {
    let start = position + 1
    var index = start
    var isEscaped = false
    var highBits: UInt64 = 0
    while true {
      // Skip ordinary characters, eight at a time while eight remain.
      if index + 8 <= bytes.count {
        let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        let offset = JSONStringScan.firstSpecialByte(in: word)
        highBits |= JSONStringScan.prefix(of: word, count: offset)
        index += offset
        if offset == 8 { continue }
      } else {
        while index < bytes.count, !JSONStringScan.isSpecial(bytes[index]) {
          highBits |= UInt64(bytes[index])
          index += 1
        }
        guard index < bytes.count else {
          throw .invalidJSON(offset: position, reason: "the string is not terminated")
        }
      }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") { break }
      guard byte == UInt8(ascii: "\\") else {
        throw .invalidJSON(offset: index, reason: "a control character must be escaped in a string")
      }
      index = try skipEscape(at: index)
      isEscaped = true
    }
    var node = JSONNode(kind: .string, offset: start, next: tape.count + 1)
    node.length = UInt32(truncatingIfNeeded: index - start)
    node.isEscaped = isEscaped
    node.isASCII = !JSONStringScan.hasNonASCII(highBits)
    tape.append(node)
    position = index + 1
  }

  /// Checks the escape sequence at `index` and returns the index after it.
  private func skipEscape(at index: Int) throws(NestedJSONError) -> Int {
    guard index + 1 < bytes.count else { throw unexpectedEnd() }
    switch bytes[index + 1] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
      UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      return index + 2
    case UInt8(ascii: "u"):
      guard index + 6 <= bytes.count else { throw unexpectedEnd() }
      for offset in index + 2..<index + 6 where JSONUUIDText.hexValue(bytes[offset]) > 0x0F {
        throw .invalidJSON(offset: offset, reason: "expected a hex digit in a \\u escape")
      }
      return index + 6
    default:
      throw .invalidJSON(offset: index, reason: "invalid escape \\\(Self.describe(bytes[index + 1]))")
    }
  }

  /// Parses a number at `position` with the RFC 8259 grammar (no leading zeros, no `+`, digits
  /// on both sides of a `.`) and appends its node, marked as an integer if it has no fraction or
  /// exponent.
  private mutating func parseNumber(into tape: inout JSONTape) throws(NestedJSONError) {
    let start = position
    var index = position
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.count, isDigit(bytes[index]) else { throw invalidNumber(at: index) }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else {
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    var isInteger = true
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard index < bytes.count, isDigit(bytes[index]) else { throw invalidNumber(at: index) }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
      isInteger = false
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard index < bytes.count, isDigit(bytes[index]) else { throw invalidNumber(at: index) }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
      isInteger = false
    }
    var node = JSONNode(kind: isInteger ? .integer : .number, offset: start, next: tape.count + 1)
    node.length = UInt32(truncatingIfNeeded: index - start)
    tape.append(node)
    position = index
  }

  /// Parses `true`, `false` or `null` at `position` and appends its node.
  private mutating func parseLiteral(
    _ literal: StaticString, kind: JSONNode.Kind, into tape: inout JSONTape
  ) throws(NestedJSONError) {
    let count = literal.utf8CodeUnitCount
    guard position + count <= bytes.count else { throw unexpectedEnd() }
    for offset in 0..<count where bytes[position + offset] != literal.utf8Start[offset] {
      throw .invalidJSON(offset: position + offset, reason: "expected a value, found \(Self.describe(bytes[position]))")
    }
    tape.append(JSONNode(kind: kind, offset: position, next: tape.count + 1))
    position += count
  }

  @inline(__always)
  private mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): position += 1
      default: return
      }
    }
  }

  @inline(__always)
  private func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
  }

  private func unexpectedEnd() -> NestedJSONError {
    .invalidJSON(offset: bytes.count, reason: "unexpected end of input")
  }

  private func invalidNumber(at index: Int) -> NestedJSONError {
    .invalidJSON(offset: index, reason: "a number needs a digit here")
  }

  /// A byte as error messages quote it.
  static func describe(_ byte: UInt8) -> String {
    byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
  }
}
