import Foundation

/// Encodes `Encodable` values as UTF-8 JSON appended to a caller's buffer, with the meaning
/// Foundation's `JSONEncoder` gives them under its default strategies.
///
/// `Data` becomes a base64 string, `Date` its `timeIntervalSinceReferenceDate`, `UUID` its
/// uppercase string, `URL` its `absoluteString`, `Decimal` a number, and `nil` `null`; keys
/// keep the order in which they are encoded.
///
/// The encoder writes straight into the buffer as containers are filled, which is what
/// `Codable` types normally do: each nested container is finished before its parent goes on.
/// A type that goes back to a container it left (two nested containers filled in turn, a
/// `superEncoder()` used late) or encodes one key twice cannot be written that way; the value
/// is then encoded again by Foundation's `JSONEncoder`, whose output has the same meaning.
///
/// One instance is meant to be reused for many values; it is not thread-safe.
///
/// <!-- snippet: excuse NestedJSON's API is `package`, which code outside this package cannot call -->
/// ```swift
/// let encoder = NestedJSONEncoder()
/// var row: [UInt8] = []
/// try encoder.encode(["a", "b"], into: &row)  // row == Array(#"["a","b"]"#.utf8)
/// ```
package final class NestedJSONEncoder {
  // The state below is touched several times per value encoded. `@exclusivity(unchecked)`
  // drops the run-time exclusivity check on each access, which otherwise costs more than the
  // work itself (half the time of a small encode). It is sound because no access to these
  // properties spans a call out to a value's `encode(to:)`: every access is a short read or
  // write inside this module's own code.

  /// The buffer being written; the caller's own buffer, swapped in for the call.
  @exclusivity(unchecked) var writer = JSONWriter()
  /// The values under construction, outermost first; see ``NestedJSONEncoderFrame``.
  @exclusivity(unchecked) var frames: [NestedJSONEncoderFrame] = []
  @exclusivity(unchecked) private var lastSerial: UInt32 = 0
  @exclusivity(unchecked) private var ledger = JSONKeyLedger()
  /// Set once the value cannot be streamed, or has failed: every later write is ignored.
  @exclusivity(unchecked) private(set) var isHalted = false
  @exclusivity(unchecked) private var needsFallback = false
  @exclusivity(unchecked) private var failure: NestedJSONError?
  private var fallbackEncoder: JSONEncoder?

  /// Creates an encoder with empty scratch state, that writes each string as `normalize`
  /// returns it: a store passes its text normalization (NFC), so that SQL's JSON functions
  /// compare the strings inside a document as its columns compare theirs.
  package init(normalizingText normalize: @escaping (String) -> String = { $0 }) {
    writer.normalize = normalize
  }

  /// Appends the JSON text of `value` to `buffer`.
  ///
  /// On failure `buffer` is left as it was.
  ///
  /// - Throws: ``NestedJSONError/invalidValue(path:reason:)`` for a non-finite number, a value
  ///   that encodes nothing at the top level, or containers requested in a way JSON cannot
  ///   express; any error the value's own `encode(to:)` throws, converted.
  package func encode<T: Encodable>(_ value: T, into buffer: inout [UInt8]) throws(NestedJSONError) {
    let start = buffer.count
    swap(&writer.bytes, &buffer)
    defer { swap(&writer.bytes, &buffer) }
    ledger.reset()
    lastSerial = 0
    isHalted = false
    needsFallback = false
    failure = nil
    var thrown: (any Error)?
    do {
      try encodeRoot(value)
    } catch {
      thrown = error
    }
    // A value that failed or could not be streamed may leave values open.
    if !frames.isEmpty { frames.removeAll(keepingCapacity: true) }
    if needsFallback {
      writer.bytes.removeSubrange(start...)
      try encodeWithFoundation(value)
      return
    }
    if let error = thrown ?? failure {
      writer.bytes.removeSubrange(start...)
      throw NestedJSONError.converting(error)
    }
  }

  /// Encodes the top-level value: directly if it is a scalar, otherwise through its
  /// `encode(to:)` into the first frame, which is then closed.
  private func encodeRoot<T: Encodable>(_ value: T) throws {
    if try writeScalar(value, path: { [] }) { return }
    let serial = push(.empty, key: NestedJSONKey.root)
    try value.encode(to: NestedJSONEncoding(encoder: self, level: 0, serial: serial))
    if !isHalted { close(from: 0) }
  }

  /// Encodes `value` with Foundation's `JSONEncoder`, for values that cannot be streamed.
  private func encodeWithFoundation<T: Encodable>(_ value: T) throws(NestedJSONError) {
    let encoder = fallbackEncoder ?? JSONEncoder()
    fallbackEncoder = encoder
    do {
      writer.bytes.append(contentsOf: try encoder.encode(value))
    } catch {
      throw NestedJSONError.converting(error)
    }
  }

  // MARK: Frames

  /// The coding path of the value at `level`.
  func codingPath(level: Int) -> [any CodingKey] {
    // A container asked after its value was finished gets the path of what is still open.
    let last = min(level, frames.count - 1)
    guard last >= 1 else { return [] }
    return frames[1...last].map(\.key)
  }

  /// Opens a value at the next level and returns its serial number.
  func push(_ state: NestedJSONEncoderFrame.State, key: some CodingKey) -> UInt32 {
    lastSerial &+= 1
    frames.append(NestedJSONEncoderFrame(state: state, serial: lastSerial, key: key))
    switch state {
    case .keyed: writer.append(UInt8(ascii: "{"))
    case .unkeyed: writer.append(UInt8(ascii: "["))
    case .empty, .scalar: break
    }
    return lastSerial
  }

  /// Finishes the values at `level` and deeper, writing their closing brackets.
  ///
  /// A nested value that encoded nothing becomes `{}`, as with Foundation; a top-level one
  /// is an error.
  func close(from level: Int) {
    while frames.count > level {
      let frame = frames.removeLast()
      switch frame.state {
      case .keyed: writer.append(UInt8(ascii: "}"))
      case .unkeyed: writer.append(UInt8(ascii: "]"))
      case .scalar: break
      case .empty:
        if frames.isEmpty {
          fail(.invalidValue(path: "", reason: "the value did not encode anything"))
        } else {
          writer.append("{}")
        }
      }
    }
  }

  /// Whether the container or encoder `(level, serial)` may write now.
  ///
  /// It may if it is still open; writes from a container that was already finished mean the
  /// value cannot be streamed, and halt this attempt in favour of Foundation's encoder.
  @inline(__always)
  func isCurrent(level: Int, serial: UInt32) -> Bool {
    guard !isHalted else { return false }
    guard level < frames.count, frames[level].serial == serial else {
      isHalted = true
      needsFallback = true
      return false
    }
    return true
  }

  /// Records a failure that a non-throwing `Encoder` method found; it is thrown at the end.
  func fail(_ error: NestedJSONError) {
    guard !isHalted else { return }
    isHalted = true
    failure = error
  }

  // MARK: Members and elements

  /// Starts a member of the object at `level`: a comma if needed, the key and a colon.
  ///
  /// - Returns: The buffer length before the member, to roll back to if its value fails;
  ///   `nil` if the member must not be written.
  func openMember<Key: CodingKey>(_ key: Key, level: Int, serial: UInt32) -> Int? {
    guard isCurrent(level: level, serial: serial) else { return nil }
    close(from: level + 1)
    let mark = writer.bytes.count
    if frames[level].count > 0 { writer.append(UInt8(ascii: ",")) }
    frames[level].count += 1
    let nameStart = writer.bytes.count + 1
    writer.writeString(key.stringValue)
    let isNew = ledger.insert(
      object: serial, offset: nameStart, length: writer.bytes.count - 1 - nameStart, in: writer.bytes)
    guard isNew else {
      // Foundation keeps the last value in the first key's place; let it write this value.
      isHalted = true
      needsFallback = true
      return nil
    }
    writer.append(UInt8(ascii: ":"))
    return mark
  }

  /// Starts an element of the array at `level`: a comma if needed.
  ///
  /// - Returns: The buffer length before the element and the element's index; `nil` if the
  ///   element must not be written.
  func openElement(level: Int, serial: UInt32) -> (mark: Int, index: Int)? {
    guard isCurrent(level: level, serial: serial) else { return nil }
    close(from: level + 1)
    let mark = writer.bytes.count
    let index = frames[level].count
    if index > 0 { writer.append(UInt8(ascii: ",")) }
    frames[level].count += 1
    return (mark, index)
  }

  /// Undoes a member or element whose value failed, so a caller that catches the error
  /// leaves no trace of it.
  func rollBack(to mark: Int, level: Int) {
    guard !isHalted, level < frames.count else { return }
    frames.removeSubrange((level + 1)...)
    writer.bytes.removeSubrange(mark...)
    frames[level].count -= 1
  }

  /// Writes `value` as the value of the member or element just opened in `level - 1`.
  ///
  /// `key` is the member's key, or the element's position as a ``NestedJSONKey``.
  func encodeValue<T: Encodable>(_ value: T, key: some CodingKey, level: Int) throws {
    let written = try writeScalar(value) { codingPath(level: level - 1) + [key] }
    if written { return }
    let serial = push(.empty, key: key)
    try value.encode(to: NestedJSONEncoding(encoder: self, level: level, serial: serial))
    if !isHalted { close(from: level) }
  }

  /// Writes `value` directly if its type is one of a ``NestedJSONScalarKind``.
  ///
  /// - Returns: Whether `value` was written; `false` for values that encode themselves.
  /// - Throws: ``NestedJSONError/invalidValue(path:reason:)`` for a non-finite number.
  @inline(__always)
  func writeScalar<T: Encodable>(_ value: T, path: () -> [any CodingKey]) throws(NestedJSONError) -> Bool {
    guard let kind = NestedJSONScalarKind(T.self) else { return false }
    switch kind.write(value, to: &writer) {
    case .written:
      return true
    case .refused(let index, let value):
      let path = index.map { path() + [NestedJSONKey(intValue: $0)] } ?? path()
      throw .invalidValue(path: NestedJSONError.path(path), reason: "\(value) cannot be written as a JSON number")
    }
  }

  /// Writes a scalar.
  ///
  /// - Throws: ``NestedJSONError/invalidValue(path:reason:)`` for a non-finite number.
  @inline(__always)
  func write(_ scalar: some NestedJSONScalar, path: () -> [any CodingKey]) throws(NestedJSONError) {
    guard scalar.writeJSON(to: &writer) else {
      throw .invalidValue(
        path: NestedJSONError.path(path()), reason: "\(scalar) cannot be written as a JSON number")
    }
  }
}
