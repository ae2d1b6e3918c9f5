/// The operations the encoding containers forward to their encoder.
extension NestedJSONEncoder {
  /// Encodes `value` as the member `key` of the object at `level`.
  func encodeMember<T: Encodable, Key: CodingKey>(
    _ value: T, forKey key: Key, level: Int, serial: UInt32
  ) throws {
    guard let mark = openMember(key, level: level, serial: serial) else { return }
    do {
      try encodeValue(value, key: key, level: level + 1)
    } catch {
      rollBack(to: mark, level: level)
      throw error
    }
  }

  /// Encodes the scalar `value` as the member `key` of the object at `level`.
  func encodeScalarMember<Key: CodingKey>(
    _ value: some NestedJSONScalar, forKey key: Key, level: Int, serial: UInt32
  ) throws(NestedJSONError) {
    guard let mark = openMember(key, level: level, serial: serial) else { return }
    do {
      try write(value) { codingPath(level: level) + [key] }
    } catch {
      rollBack(to: mark, level: level)
      throw error
    }
  }

  /// Encodes `null` as the member `key` of the object at `level`.
  func encodeNilMember<Key: CodingKey>(forKey key: Key, level: Int, serial: UInt32) {
    guard openMember(key, level: level, serial: serial) != nil else { return }
    writer.append("null")
  }

  /// Encodes `value` as the next element of the array at `level`.
  func encodeElement<T: Encodable>(_ value: T, level: Int, serial: UInt32) throws {
    guard let (mark, index) = openElement(level: level, serial: serial) else { return }
    do {
      try encodeValue(value, key: NestedJSONKey(intValue: index), level: level + 1)
    } catch {
      rollBack(to: mark, level: level)
      throw error
    }
  }

  /// Encodes the scalar `value` as the next element of the array at `level`.
  func encodeScalarElement(_ value: some NestedJSONScalar, level: Int, serial: UInt32) throws(NestedJSONError) {
    guard let (mark, index) = openElement(level: level, serial: serial) else { return }
    do {
      try write(value) { codingPath(level: level) + [NestedJSONKey(intValue: index)] }
    } catch {
      rollBack(to: mark, level: level)
      throw error
    }
  }

  /// Encodes `null` as the next element of the array at `level`.
  func encodeNilElement(level: Int, serial: UInt32) {
    guard openElement(level: level, serial: serial) != nil else { return }
    writer.append("null")
  }

  /// Starts the member `key` of the object at `level` as a value of its own: an object, an
  /// array, or (`state` `.empty`) whatever a super encoder makes of it.
  ///
  /// - Returns: The new value's serial number, or 0 (which no value has) if it must not be written.
  func openNestedMember<Key: CodingKey>(
    _ state: NestedJSONEncoderFrame.State, forKey key: Key, level: Int, serial: UInt32
  ) -> UInt32 {
    guard openMember(key, level: level, serial: serial) != nil else { return 0 }
    return push(state, key: key)
  }

  /// Starts the next element of the array at `level` as a value of its own.
  ///
  /// - Returns: The new value's serial number, or 0 if it must not be written.
  func openNestedElement(_ state: NestedJSONEncoderFrame.State, level: Int, serial: UInt32) -> UInt32 {
    guard let (_, index) = openElement(level: level, serial: serial) else { return 0 }
    return push(state, key: NestedJSONKey(intValue: index))
  }

  /// Makes the value at `level` an object or an array, as an encoder's `container(keyedBy:)`
  /// or `unkeyedContainer()` asks.
  ///
  /// Asking again for the same kind continues the same object or array, as Foundation does
  /// when a subclass and its superclass share one encoder.
  func openContainer(_ state: NestedJSONEncoderFrame.State, level: Int, serial: UInt32) {
    guard isCurrent(level: level, serial: serial) else { return }
    close(from: level + 1)
    let current = frames[level].state
    guard current != state else { return }
    guard current == .empty else {
      let asked = state == .keyed ? "a keyed container" : "an unkeyed container"
      let found =
        switch current {
        case .keyed: "a keyed container"
        case .unkeyed: "an unkeyed container"
        case .scalar, .empty: "a single value"
        }
      fail(
        .invalidValue(
          path: NestedJSONError.path(codingPath(level: level)),
          reason: "\(asked) was requested after the value was encoded as \(found)"))
      return
    }
    frames[level].state = state
    writer.append(state == .keyed ? UInt8(ascii: "{") : UInt8(ascii: "["))
  }

  /// Encodes `value` as the whole of the value at `level`, through a single-value container.
  ///
  /// - Throws: ``NestedJSONError/invalidValue(path:reason:)`` if the value already holds
  ///   something, or for a non-finite number.
  func encodeSingle<T: Encodable>(_ value: T, level: Int, serial: UInt32) throws {
    guard try openSingle(level: level, serial: serial) else { return }
    let mark = writer.bytes.count
    do {
      if try writeScalar(value, path: { codingPath(level: level) }) {
        frames[level].state = .scalar
      } else {
        try value.encode(to: NestedJSONEncoding(encoder: self, level: level, serial: serial))
        guard !isHalted else { return }
        close(from: level + 1)
      }
      frames[level].isSealed = true
    } catch {
      if !isHalted, level < frames.count {
        frames.removeSubrange((level + 1)...)
        writer.bytes.removeSubrange(mark...)
        frames[level].state = .empty
      }
      throw error
    }
  }

  /// Encodes the scalar `value` as the whole of the value at `level`.
  func encodeScalarSingle(_ value: some NestedJSONScalar, level: Int, serial: UInt32) throws(NestedJSONError) {
    guard try openSingle(level: level, serial: serial) else { return }
    try write(value) { codingPath(level: level) }
    frames[level].state = .scalar
    frames[level].isSealed = true
  }

  /// Encodes `null` as the whole of the value at `level`.
  func encodeSingleNil(level: Int, serial: UInt32) throws {
    guard try openSingle(level: level, serial: serial) else { return }
    writer.append("null")
    frames[level].state = .scalar
    frames[level].isSealed = true
  }

  /// Checks that a single-value container may write the value at `level` now.
  ///
  /// - Returns: `false` if the write must be skipped (the encoder has halted).
  /// - Throws: ``NestedJSONError/invalidValue(path:reason:)`` if the value already holds something.
  private func openSingle(level: Int, serial: UInt32) throws(NestedJSONError) -> Bool {
    guard isCurrent(level: level, serial: serial) else { return false }
    close(from: level + 1)
    guard frames[level].state == .empty, !frames[level].isSealed else {
      throw .invalidValue(
        path: NestedJSONError.path(codingPath(level: level)),
        reason: "a single value container was asked to encode a second value")
    }
    return true
  }
}
