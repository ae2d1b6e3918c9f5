/// Converts the text of a JSON number, already checked by ``JSONParser``, to Swift numbers.
enum JSONNumberParsing {
  /// Reads an integer written without fraction or exponent.
  ///
  /// - Returns: `nil` if the value does not fit in `Integer`.
  static func integer<Integer: FixedWidthInteger>(
    _ type: Integer.Type, from text: UnsafeRawBufferPointer
  ) -> Integer? {
    let isNegative = text[0] == UInt8(ascii: "-")
    let first = isNegative ? 1 : 0
    if text.count - first <= 18 {
      // Up to 18 digits fit in an Int64 either way round.
      var magnitude: Int64 = 0
      for index in first..<text.count {
        magnitude = magnitude &* 10 &+ Int64(text[index] &- UInt8(ascii: "0"))
      }
      return Integer(exactly: isNegative ? -magnitude : magnitude)
    }
    var value: Integer = 0
    for index in first..<text.count {
      let digit = Integer(text[index] &- UInt8(ascii: "0"))
      let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
      let (next, overflowB) =
        isNegative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
      guard !overflowA, !overflowB else { return nil }
      value = next
    }
    return value
  }

  private static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  /// Reads a number as the nearest `Double`, or infinity if it is too large.
  ///
  /// Numbers whose digits, read as an integer, stay below 2⁵³ and whose decimal exponent is
  /// at most 22 either way (most, including a `Date` to the microsecond) are converted
  /// exactly by one multiplication or division (Clinger's fast path); others go through the
  /// standard library's correctly rounded parser.
  static func double(from text: UnsafeRawBufferPointer) -> Double {
    var index = 0
    let isNegative = text[0] == UInt8(ascii: "-")
    if isNegative { index = 1 }
    var mantissa: UInt64 = 0
    var significantDigits = 0
    var exponent = 0
    var isExact = true
    // Integer digits, then fraction digits.
    var afterPoint = false
    while index < text.count {
      let byte = text[index]
      if byte == UInt8(ascii: ".") {
        afterPoint = true
      } else if byte &- UInt8(ascii: "0") < 10 {
        if significantDigits < 19 {
          mantissa = mantissa &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
          if mantissa != 0 { significantDigits += 1 }
          if afterPoint { exponent -= 1 }
        } else {
          isExact = false
          break
        }
      } else {
        break
      }
      index += 1
    }
    if isExact, index < text.count {
      // The exponent: 'e' or 'E', an optional sign, digits.
      index += 1
      var isExponentNegative = false
      if text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
        isExponentNegative = text[index] == UInt8(ascii: "-")
        index += 1
      }
      var written = 0
      while index < text.count {
        if written < 100_000 { written = written * 10 + Int(text[index] &- UInt8(ascii: "0")) }
        index += 1
      }
      exponent += isExponentNegative ? -written : written
    }
    if isExact, mantissa == 0 { return isNegative ? -0.0 : 0.0 }
    if isExact, mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
      let value =
        exponent < 0 ? Double(mantissa) / powersOfTen[-exponent] : Double(mantissa) * powersOfTen[exponent]
      return isNegative ? -value : value
    }
    return Double(String(decoding: text, as: UTF8.self)) ?? .nan
  }
}
