/// Reads the elements of one JSON array one at a time, handing out each element's bytes, so an
/// array of a million objects, or an object of any length, is read in fixed memory.
///
/// It finds where each element ends — tracking nesting and strings — without parsing it;
/// `JSONSerialization` parses each element on its own.
struct JSONArrayReader {
  /// A file that is not a JSON array, with the line where reading stopped.
  struct Failure: Error, Equatable {
    let line: Int
    let reason: String
  }

  private var stream: ByteStream
  private var started = false
  private var finished = false
  private(set) var elements = 0
  /// The line reading has reached, counting from 1.
  private(set) var line = 1
  /// The line the last element handed out starts on.
  private(set) var elementLine = 1

  /// Reads an array from a stream; a leading UTF-8 byte-order mark is skipped.
  init(_ stream: ByteStream) {
    self.stream = stream
  }

  /// The bytes of the next element, kept up to ``ImportLimits``, or `nil` after the last.
  ///
  /// - Throws: ``Failure`` for a file that does not hold one array, or that cannot be read.
  mutating func next() throws(Failure) -> JSONRowBytes? {
    guard !finished else { return nil }
    if !started {
      started = true
      try read { stream throws(ByteStream.Failure) in try stream.skip(prefix: [0xEF, 0xBB, 0xBF]) }
      guard try skipSpace() == UInt8(ascii: "[") else { throw failure("the file does not start with '['") }
      _ = try take()
      if try skipSpace() == UInt8(ascii: "]") {
        _ = try take()
        return try end()
      }
    } else {
      switch try skipSpace() {
      case UInt8(ascii: ","): _ = try take()
      case UInt8(ascii: "]"):
        _ = try take()
        return try end()
      default: throw failure("expected ',' or ']' after element \(elements)")
      }
    }
    _ = try skipSpace()
    elementLine = line
    let element = try value()
    elements += 1
    return element
  }

  /// One value's bytes: an object or array to its matching bracket, a string to its closing
  /// quote, anything else to the next delimiter; kept up to ``ImportLimits``.
  private mutating func value() throws(Failure) -> JSONRowBytes {
    guard let first = try skipSpace() else { throw failure("the array is never closed") }
    var row = JSONRowBytes()
    while let byte = try peek() {
      if !row.inString {
        switch byte {
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          if row.depth == 0 { return row }  // a scalar element ends at the array's close
        case UInt8(ascii: ","), UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
          if row.depth == 0 { return row }
        default:
          break
        }
      }
      let wasInString = row.inString
      _ = try take()
      row.append(byte)
      // An element ends with the bracket, or the quote, that brings it back to depth 0.
      if row.depth == 0, !row.inString, wasInString || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
        return row
      }
    }
    throw failure(first == UInt8(ascii: "\"") ? "a string is never closed" : "the array is never closed")
  }

  /// After the closing bracket only white space may follow.
  private mutating func end() throws(Failure) -> JSONRowBytes? {
    finished = true
    guard try skipSpace() == nil else { throw failure("text after the array's end") }
    return nil
  }

  private mutating func skipSpace() throws(Failure) -> UInt8? {
    while let byte = try peek(),
      [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t")].contains(byte)
    {
      _ = try take()
    }
    return try peek()
  }

  private mutating func peek() throws(Failure) -> UInt8? {
    try read { stream throws(ByteStream.Failure) in try stream.peek() }
  }

  private mutating func take() throws(Failure) -> UInt8? {
    let byte = try read { stream throws(ByteStream.Failure) in try stream.next() }
    if byte == UInt8(ascii: "\n") { line += 1 }
    return byte
  }

  private mutating func read<T>(_ body: (inout ByteStream) throws(ByteStream.Failure) -> T) throws(Failure) -> T {
    do { return try body(&stream) } catch {
      throw Failure(line: line, reason: "cannot read: \(error.reason)")
    }
  }

  private func failure(_ reason: String) -> Failure {
    Failure(line: line, reason: "not a JSON array of objects: \(reason)")
  }
}
