import Foundation

/// Decodes `Decodable` values from UTF-8 JSON, reading it with the meaning Foundation's
/// `JSONDecoder` gives it under its default strategies.
///
/// `Data` is read from base64, `Date` from its `timeIntervalSinceReferenceDate`, `UUID` from
/// its string in either case, `URL` from its string and `Decimal` from a number; integers are
/// range-checked. A missing key and `null` both decode as `nil` for `decodeIfPresent`.
///
/// Each call parses the whole document once into a flat layout of nodes (see ``JSONNode``)
/// kept between calls, then decodes the value from it; strings and numbers are converted only
/// when asked for. One instance is meant to be reused for many values; it is not thread-safe,
/// and the `Decoder` and containers it hands to `init(from:)` are valid only during the call.
///
/// <!-- snippet: excuse NestedJSON's API is `package`, which code outside this package cannot call -->
/// ```swift
/// let decoder = NestedJSONDecoder()
/// let tags = try Array(#"["a","b"]"#.utf8).withUnsafeBytes { bytes in
///   try decoder.decode([String].self, from: bytes)
/// }
/// ```
package final class NestedJSONDecoder {
  // The state below is read several times per value decoded. `@exclusivity(unchecked)` drops
  // the run-time exclusivity check on each access, which otherwise costs more than the work
  // itself. It is sound because no access to these properties spans a call out to a type's
  // `init(from:)`: every access is a short read or write inside this module's own code.

  /// The nodes of the current document; the last one is a `null` standing for absent values.
  @exclusivity(unchecked) private(set) var tape = JSONTape()
  @exclusivity(unchecked) private var stack: [Int] = []
  /// The text of the current document, valid only during a call to ``decode(_:from:)``.
  @exclusivity(unchecked) private(set) var input = UnsafeRawBufferPointer(start: nil, count: 0)
  /// Unescaped string text, reused between strings.
  @exclusivity(unchecked) var scratch: [UInt8] = []

  /// Creates a decoder with empty scratch state.
  package init() {}

  deinit {
    tape.deallocate()
  }

  /// Decodes a value of type `T` from the JSON text in `bytes`.
  ///
  /// - Throws: ``NestedJSONError/invalidJSON(offset:reason:)`` if `bytes` is not one JSON
  ///   value; ``NestedJSONError/typeMismatch(path:expected:)``,
  ///   ``NestedJSONError/keyNotFound(path:)`` or ``NestedJSONError/invalidValue(path:reason:)``
  ///   if it does not hold a `T`; errors the type's `init(from:)` throws, converted.
  package func decode<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) throws(NestedJSONError) -> T {
    try JSONParser.parse(bytes, into: &tape, stack: &stack)
    input = bytes
    defer {
      // `bytes` is only borrowed: a decoder or container kept past this call must not reach
      // it, so the nodes go too, and indexing them traps instead of reading freed memory.
      input = UnsafeRawBufferPointer(start: nil, count: 0)
      tape.removeAll()
    }
    do {
      return try value(T.self, at: 0)
    } catch {
      throw NestedJSONError.converting(error)
    }
  }

  /// Decodes a `T` from the value at `node`: directly for scalars, through `init(from:)` otherwise.
  func value<T: Decodable>(_ type: T.Type, at node: Int) throws -> T {
    if let kind = NestedJSONScalarKind(T.self) { return try kind.read(T.self, from: self, at: node) }
    return try T(from: NestedJSONDecoding(decoder: self, node: node))
  }

  // MARK: Navigating

  /// The index of the node after the value at `node` and everything inside it.
  @inline(__always)
  func skip(_ node: Int) -> Int {
    Int(tape[node].next)
  }

  /// The node standing for a value that is absent, which reads as `null`.
  var absent: Int { tape.count - 1 }

  /// The value of the member `name` of the object at `object`, or `nil` if it has none.
  ///
  /// The search starts at the member after the one found last, so members asked for in
  /// document order are each found by one comparison. If a name occurs twice (which neither
  /// this encoder nor Foundation's writes), the first one at or after that point is found:
  /// the first in the document, as Foundation reads it, whenever members are asked for in
  /// document order, as `Dictionary` does and a synthesized `init(from:)` does for the
  /// documents its own type encoded.
  func member(_ name: String, in object: Int) -> Int? {
    let node = tape[object]
    guard node.length > 0 else { return nil }
    let end = Int(node.next)
    let first = object + 1
    let start = node.hint > object && Int(node.hint) < end ? Int(node.hint) : first
    var name = name
    return name.withUTF8 { utf8 -> Int? in
      var key = start
      repeat {
        let value = key + 1
        let following = skip(value)
        if keyEquals(key, UnsafeRawBufferPointer(utf8)) {
          tape[object].hint = UInt32(truncatingIfNeeded: following < end ? following : first)
          return value
        }
        key = following < end ? following : first
      } while key != start
      return nil
    }
  }

  /// Whether the key node at `key` spells `name`, unescaping it first if needed.
  private func keyEquals(_ key: Int, _ name: UnsafeRawBufferPointer) -> Bool {
    let node = tape[key]
    if node.isEscaped {
      // A key that cannot be unescaped spells no name: it matches none.
      return (try? unescape(node)).map { scratch.elementsEqual(name) } ?? false
    }
    guard Int(node.length) == name.count else { return false }
    // Keys are short; comparing inline beats calling `memcmp`.
    let offset = Int(node.offset)
    for index in 0..<name.count where input[offset + index] != name[index] { return false }
    return true
  }

  /// The coding path from the top-level value to `target`, found by walking down the tape.
  func codingPath(to target: Int) -> [any CodingKey] {
    var path: [any CodingKey] = []
    var current = 0
    while current != target, current < tape.count {
      let node = tape[current]
      guard node.isContainer, target < Int(node.next) else { break }
      var child = current + 1
      if node.kind == .array {
        var position = 0
        while skip(child) <= target {
          child = skip(child)
          position += 1
        }
        path.append(NestedJSONKey(intValue: position))
        current = child
      } else {
        while skip(child + 1) <= target { child = skip(child + 1) }
        // Only an error's coding path: a key that cannot be read is shown as "?".
        path.append(NestedJSONKey(stringValue: (try? string(at: child)) ?? "?"))
        current = child + 1
      }
    }
    return path
  }

  /// The path to `node` in the form errors carry.
  func path(to node: Int) -> String {
    NestedJSONError.path(codingPath(to: node))
  }

  /// A type mismatch at `node`, naming what was found when it is `null`.
  func mismatch(at node: Int, expected: String) -> NestedJSONError {
    let expected = tape[node].kind == .null ? "\(expected), not null" : expected
    return .typeMismatch(path: path(to: node), expected: expected)
  }

  // MARK: Text

  /// The raw text of a string or number node.
  @inline(__always)
  func text(of node: JSONNode) -> UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(rebasing: input[node.range])
  }

  /// Calls `body` with the content of the string at `node`, unescaped.
  ///
  /// - Throws: ``NestedJSONError/typeMismatch(path:expected:)`` if the node is not a string,
  ///   or ``NestedJSONError/invalidJSON(offset:reason:)`` for an invalid `\u` escape.
  func withString<R>(
    at index: Int, expected: String, _ body: (UnsafeRawBufferPointer) -> R
  ) throws(NestedJSONError) -> R {
    let node = tape[index]
    guard node.kind == .string else { throw mismatch(at: index, expected: expected) }
    guard node.isEscaped else { return body(text(of: node)) }
    try unescape(node)
    return scratch.withUnsafeBytes(body)
  }

  /// Writes the unescaped content of the string `node` to ``scratch``.
  func unescape(_ node: JSONNode) throws(NestedJSONError) {
    scratch.removeAll(keepingCapacity: true)
    try JSONUnescaping.unescape(text(of: node), startingAt: Int(node.offset), into: &scratch)
  }
}
