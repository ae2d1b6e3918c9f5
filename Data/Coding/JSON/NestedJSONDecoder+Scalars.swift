import Foundation

/// Reading scalar values from the nodes of the current document.
extension NestedJSONDecoder {
  /// Reads `true` or `false`.
  func bool(at index: Int) throws(NestedJSONError) -> Bool {
    switch tape[index].kind {
    case .true: return true
    case .false: return false
    default: throw mismatch(at: index, expected: "a Boolean")
    }
  }

  /// Reads a string, unescaped and checked to be valid UTF-8.
  func string(at index: Int) throws(NestedJSONError) -> String {
    let node = tape[index]
    guard node.kind == .string else { throw mismatch(at: index, expected: "a string") }
    let string: String?
    if !node.isEscaped {
      let text = text(of: node)
      string = node.isASCII ? String(decoding: text, as: UTF8.self) : String(validating: text, as: UTF8.self)
    } else {
      try unescape(node)
      string = scratch.withUnsafeBytes { String(validating: $0, as: UTF8.self) }
    }
    guard let string else {
      throw .invalidJSON(offset: Int(node.offset), reason: "the string is not valid UTF-8")
    }
    return string
  }

  /// Reads an integer, which must fit in `Integer`.
  ///
  /// Like Foundation, it accepts a number with a fraction or exponent whose value is a whole
  /// number (`1.0`, `1e2`).
  func integer<Integer: FixedWidthInteger>(_ type: Integer.Type, at index: Int) throws(NestedJSONError) -> Integer {
    let node = tape[index]
    switch node.kind {
    case .integer:
      if let value = JSONNumberParsing.integer(Integer.self, from: text(of: node)) { return value }
    case .number:
      if let value = Integer(exactly: JSONNumberParsing.double(from: text(of: node))) { return value }
    default:
      throw mismatch(at: index, expected: "an integer (\(Integer.self))")
    }
    let number = String(decoding: text(of: node), as: UTF8.self)
    throw .invalidValue(path: path(to: index), reason: "\(number) is not representable as \(Integer.self)")
  }

  /// Reads a number as the nearest `Double`.
  func double(at index: Int) throws(NestedJSONError) -> Double {
    let node = tape[index]
    guard node.kind == .integer || node.kind == .number else {
      throw mismatch(at: index, expected: "a number")
    }
    let value = JSONNumberParsing.double(from: text(of: node))
    guard value.isFinite else { throw outOfRange(node, index, "Double") }
    return value
  }

  /// Reads a number as the nearest `Float`.
  func float(at index: Int) throws(NestedJSONError) -> Float {
    let node = tape[index]
    guard node.kind == .integer || node.kind == .number else {
      throw mismatch(at: index, expected: "a number")
    }
    guard let value = Float(String(decoding: text(of: node), as: UTF8.self)), value.isFinite else {
      throw outOfRange(node, index, "Float")
    }
    return value
  }

  /// Reads a number as a `Decimal`.
  func decimal(at index: Int) throws(NestedJSONError) -> Decimal {
    let node = tape[index]
    guard node.kind == .integer || node.kind == .number else {
      throw mismatch(at: index, expected: "a number")
    }
    guard let value = Decimal(string: String(decoding: text(of: node), as: UTF8.self)) else {
      throw outOfRange(node, index, "Decimal")
    }
    return value
  }

  private func outOfRange(_ node: JSONNode, _ index: Int, _ type: String) -> NestedJSONError {
    let number = String(decoding: text(of: node), as: UTF8.self)
    return .invalidValue(path: path(to: index), reason: "\(number) is out of range for \(type)")
  }

  /// Reads `Data` from a padded base64 string.
  func data(at index: Int) throws(NestedJSONError) -> Data {
    let data = try withString(at: index, expected: "a base64 string") { text -> Data? in
      guard let count = JSONBase64.decodedCount(of: text) else { return nil }
      guard count > 0 else { return Data() }
      // Decoding into a temporary buffer (on the stack when small) and copying costs less
      // than filling a `Data(count:)` in place.
      return withUnsafeTemporaryAllocation(byteCount: count, alignment: 1) { bytes -> Data? in
        guard let base = bytes.baseAddress, JSONBase64.decode(text, into: bytes) else { return nil }
        return Data(bytes: base, count: count)
      }
    }
    guard let data else {
      throw .invalidValue(path: path(to: index), reason: "the string is not valid base64")
    }
    return data
  }

  /// Reads a `UUID` from its string, in either letter case.
  func uuid(at index: Int) throws(NestedJSONError) -> UUID {
    let uuid = try withString(at: index, expected: "a UUID string") { JSONUUIDText.parse($0) }
    guard let uuid else {
      // Only the message's text: the error thrown is the one below.
      let text = (try? string(at: index)) ?? ""
      throw .invalidValue(path: path(to: index), reason: "\"\(text)\" is not a UUID")
    }
    return uuid
  }

  /// Reads a `URL` from its string, as `URL(string:)` parses it.
  func url(at index: Int) throws(NestedJSONError) -> URL {
    let text = try string(at: index)
    guard let url = URL(string: text) else {
      throw .invalidValue(path: path(to: index), reason: "\"\(text)\" is not a valid URL")
    }
    return url
  }

  /// Reads an array of scalars in one loop, skipping `Array.init(from:)`, whose generic code
  /// costs more than the reading itself for short arrays.
  func array<Element: NestedJSONScalar>(of type: Element.Type, at index: Int) throws(NestedJSONError) -> [Element] {
    let node = tape[index]
    guard node.kind == .array else { throw mismatch(at: index, expected: "an array") }
    guard node.length > 0 else { return [] }
    var elements: [Element] = []
    elements.reserveCapacity(Int(node.length))
    var element = index + 1
    for _ in 0..<node.length {
      elements.append(try Element.readJSON(from: self, at: element))
      element = skip(element)
    }
    return elements
  }

  /// Reads a string-keyed dictionary of scalars from an object in one loop, skipping
  /// `Dictionary.init(from:)`.
  ///
  /// For a key written twice the first value is kept, as Foundation's `JSONDecoder` keeps it.
  func dictionary<Value: NestedJSONScalar>(
    of type: Value.Type, at index: Int
  ) throws(NestedJSONError) -> [String: Value] {
    let node = tape[index]
    guard node.kind == .object else { throw mismatch(at: index, expected: "an object") }
    guard node.length > 0 else { return [:] }
    var dictionary: [String: Value] = [:]
    dictionary.reserveCapacity(Int(node.length))
    var key = index + 1
    for _ in 0..<node.length {
      let name = try string(at: key)
      if let earlier = dictionary.updateValue(try Value.readJSON(from: self, at: key + 1), forKey: name) {
        dictionary[name] = earlier
      }
      key = skip(key + 1)
    }
    return dictionary
  }
}
