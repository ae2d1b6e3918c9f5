import Foundation

/// `Bool` is `true` or `false`.
extension Bool: NestedJSONScalar {
  func writeJSON(to writer: inout JSONWriter) -> Bool {
    writer.append(self ? "true" : "false")
    return true
  }

  static func readJSON(from decoder: NestedJSONDecoder, at node: Int) throws(NestedJSONError) -> Bool {
    try decoder.bool(at: node)
  }
}

/// `String` is an escaped JSON string.
extension String: NestedJSONScalar {
  func writeJSON(to writer: inout JSONWriter) -> Bool {
    writer.writeString(self)
    return true
  }

  static func readJSON(from decoder: NestedJSONDecoder, at node: Int) throws(NestedJSONError) -> String {
    try decoder.string(at: node)
  }
}

/// `Double` is a number in its shortest round-tripping form; infinity and NaN are refused.
extension Double: NestedJSONScalar {
  func writeJSON(to writer: inout JSONWriter) -> Bool { writer.writeNumber(self) }

  static func readJSON(from decoder: NestedJSONDecoder, at node: Int) throws(NestedJSONError) -> Double {
    try decoder.double(at: node)
  }
}

/// `Float` is a number in its shortest round-tripping form; infinity and NaN are refused.
extension Float: NestedJSONScalar {
  func writeJSON(to writer: inout JSONWriter) -> Bool { writer.writeNumber(self) }

  static func readJSON(from decoder: NestedJSONDecoder, at node: Int) throws(NestedJSONError) -> Float {
    try decoder.float(at: node)
  }
}

/// Integers of every width are written in decimal and read back with a range check.
protocol NestedJSONIntegerScalar: NestedJSONScalar, FixedWidthInteger {}

/// Every integer width shares one implementation.
extension NestedJSONIntegerScalar {
  func writeJSON(to writer: inout JSONWriter) -> Bool {
    writer.writeInteger(self)
    return true
  }

  static func readJSON(from decoder: NestedJSONDecoder, at node: Int) throws(NestedJSONError) -> Self {
    try decoder.integer(Self.self, at: node)
  }
}

extension Int: NestedJSONIntegerScalar {}
extension Int8: NestedJSONIntegerScalar {}
extension Int16: NestedJSONIntegerScalar {}
extension Int32: NestedJSONIntegerScalar {}
extension Int64: NestedJSONIntegerScalar {}
extension Int128: NestedJSONIntegerScalar {}
extension UInt: NestedJSONIntegerScalar {}
extension UInt8: NestedJSONIntegerScalar {}
extension UInt16: NestedJSONIntegerScalar {}
extension UInt32: NestedJSONIntegerScalar {}
extension UInt64: NestedJSONIntegerScalar {}
extension UInt128: NestedJSONIntegerScalar {}

/// `Data` is a base64 string, as with `JSONEncoder.DataEncodingStrategy.base64`.
extension Data: NestedJSONScalar {
  func writeJSON(to writer: inout JSONWriter) -> Bool {
    writer.writeBase64(self)
    return true
  }

  static func readJSON(from decoder: NestedJSONDecoder, at node: Int) throws(NestedJSONError) -> Data {
    try decoder.data(at: node)
  }
}

/// `Date` is its `timeIntervalSinceReferenceDate`, as with
/// `JSONEncoder.DateEncodingStrategy.deferredToDate`.
extension Date: NestedJSONScalar {
  func writeJSON(to writer: inout JSONWriter) -> Bool {
    writer.writeNumber(timeIntervalSinceReferenceDate)
  }

  static func readJSON(from decoder: NestedJSONDecoder, at node: Int) throws(NestedJSONError) -> Date {
    Date(timeIntervalSinceReferenceDate: try decoder.double(at: node))
  }
}

/// `UUID` is its uppercase string; either case is read.
extension UUID: NestedJSONScalar {
  func writeJSON(to writer: inout JSONWriter) -> Bool {
    writer.writeUUID(self)
    return true
  }

  static func readJSON(from decoder: NestedJSONDecoder, at node: Int) throws(NestedJSONError) -> UUID {
    try decoder.uuid(at: node)
  }
}

/// `URL` is its `absoluteString`, as `JSONEncoder` writes it (not `URL`'s own keyed form).
extension URL: NestedJSONScalar {
  func writeJSON(to writer: inout JSONWriter) -> Bool {
    writer.writeString(absoluteString)
    return true
  }

  static func readJSON(from decoder: NestedJSONDecoder, at node: Int) throws(NestedJSONError) -> URL {
    try decoder.url(at: node)
  }
}

/// `Decimal` is a number, as `JSONEncoder` writes it (not `Decimal`'s own keyed form).
extension Decimal: NestedJSONScalar {
  func writeJSON(to writer: inout JSONWriter) -> Bool {
    // Foundation writes NaN as the bare word `NaN`, which is not JSON; refuse it instead.
    guard !isNaN else { return false }
    writer.writeNumber(text: description)
    return true
  }

  static func readJSON(from decoder: NestedJSONDecoder, at node: Int) throws(NestedJSONError) -> Decimal {
    try decoder.decimal(at: node)
  }
}
