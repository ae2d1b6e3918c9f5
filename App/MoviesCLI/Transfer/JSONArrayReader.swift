/// Reads the elements of one JSON array one at a time, handing out each element's bytes, so an
/// array of a million objects is read in fixed memory.
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

  /// The bytes of the next element, or `nil` after the last.
  ///
  /// - Throws: ``Failure`` for a file that does not hold one array, or that cannot be read.
  mutating func next() throws(Failure) -> [UInt8]? {
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
  /// quote, anything else to the next delimiter.
  private mutating func value() throws(Failure) -> [UInt8] {
    guard let first = try skipSpace() else { throw failure("the array is never closed") }
    var bytes: [UInt8] = []
    var depth = 0
    var inString = false
    var escaped = false
    while let byte = try peek() {
      if inString {
        _ = try take()
        bytes.append(byte)
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
          if depth == 0 { return bytes }
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""):
        inString = true
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if depth == 0 { return bytes }  // a scalar element ends at the array's close
        depth -= 1
        if depth == 0 {
          _ = try take()
          bytes.append(byte)
          return bytes
        }
      case UInt8(ascii: ","), UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
        if depth == 0 { return bytes }
      default:
        break
      }
      _ = try take()
      bytes.append(byte)
    }
    throw failure(first == UInt8(ascii: "\"") ? "a string is never closed" : "the array is never closed")
  }

  /// After the closing bracket only white space may follow.
  private mutating func end() throws(Failure) -> [UInt8]? {
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
