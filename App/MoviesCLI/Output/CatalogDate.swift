import Catalog
import Foundation

/// Reads and writes the dates people type and scripts parse: ISO 8601 in the proleptic
/// Gregorian calendar (``Catalog/CivilDate``), written in UTC.
///
/// Reading is strict: a day or time that does not exist (`2023-02-30`, `T25:00`, `T23:60`,
/// `T23:59:60`, an offset of `+25:00`) is refused, never carried over into the next one. Writing
/// is exact: a date-time with fractional seconds is written with as many digits as reading it
/// back to the same `Date` needs, and no more.
enum CatalogDate {
  /// Seconds from 1970-01-01 to Foundation's reference date, 2001-01-01.
  private static let referenceOffset = 978_307_200

  /// What the date options and fields accept, for error messages.
  static let expectation = "YYYY-MM-DD or an ISO 8601 date-time such as 2024-05-31T20:30:00Z"

  /// Parses `YYYY-MM-DD` (midnight UTC) or an ISO 8601 date-time,
  /// `YYYY-MM-DDThh:mm[:ss[.fraction]]` followed by `Z` or an offset `±hh:mm`, `±hhmm` or `±hh`;
  /// `nil` for anything else, or for a day or time that does not exist.
  static func parse(_ text: String) -> Date? {
    var scanner = DateScanner(text)
    guard let day = scanner.day() else { return nil }
    if scanner.isAtEnd { return day.date }
    guard scanner.take("T"), let clock = scanner.clock(), let offset = scanner.offset(), scanner.isAtEnd else {
      return nil
    }
    let whole = day.daysSince1970 * 86_400 + clock.seconds - offset - referenceOffset
    return date(seconds: whole, fraction: clock.fraction)
  }

  /// The day of a date, `YYYY-MM-DD`.
  static func dayString(_ date: Date) -> String { CivilDate(date).description }

  /// The full ISO 8601 form of a date in UTC, `YYYY-MM-DDThh:mm:ssZ`, with the fractional
  /// seconds it has.
  ///
  /// A date past a trillion days either side of 1970, as only another program can store
  /// (`store check` names it), is written as that bound, as ``Domain/CivilDate`` reads it: a
  /// year no input accepts, so an import refuses it rather than take it for another date.
  static func iso8601(_ date: Date) -> String {
    // The bound in seconds since 1970, as CivilDate counts days (NaN cannot be stored).
    let bound = 1e12 * 86_400
    let seconds = date.timeIntervalSince1970
    let interval =
      seconds.magnitude < bound
      ? date.timeIntervalSinceReferenceDate : (seconds < 0 ? -bound : bound) - Double(referenceOffset)
    // Whole seconds, as every date typed without a fraction is, need no decimal digits.
    let (whole, fraction) =
      interval.magnitude < 0x1p52 && interval.rounded(.down) == interval ? (Int(interval), "") : parts(of: interval)
    let since1970 = whole + referenceOffset
    let days = Int((Double(since1970) / 86_400).rounded(.down))
    let second = since1970 - days * 86_400
    let clock = String(unsafeUninitializedCapacity: 9) { text in
      text[0] = UInt8(ascii: "T")
      CivilDate.write(second / 3_600, width: 2, to: text, at: 1)
      text[3] = UInt8(ascii: ":")
      CivilDate.write(second / 60 % 60, width: 2, to: text, at: 4)
      text[6] = UInt8(ascii: ":")
      CivilDate.write(second % 60, width: 2, to: text, at: 7)
      return 9
    }
    return CivilDate(daysSince1970: days).description + clock + (fraction.isEmpty ? "" : "." + fraction) + "Z"
  }

  /// A date as people read it, in UTC: `YYYY-MM-DDThh:mm:ssZ`, with milliseconds
  /// (`hh:mm:ss.SSSZ`) when the date has any: the nearest millisecond, so `.789`, stored as the
  /// `Double` just below it, reads `.789`, but never past `.999`, so the second shown is the
  /// date's own. Every table and line for people shows dates this way; JSON and exports keep
  /// ``iso8601(_:)``'s exact digits.
  static func readable(_ date: Date) -> String {
    let interval = date.timeIntervalSinceReferenceDate
    guard interval.magnitude < 1e12 * 86_400 else { return iso8601(date) }
    let whole = interval.rounded(.down)
    let milliseconds = min(999, max(0, Int(((interval - whole) * 1000).rounded())))
    let seconds = iso8601(Date(timeIntervalSinceReferenceDate: whole))
    guard milliseconds > 0 else { return seconds }
    return seconds.dropLast() + "." + CivilDate.padded(milliseconds, 3) + "Z"
  }

  /// Parses `YYYY-MM-DD` alone: a day that exists, at midnight UTC.
  static func parseDay(_ text: String) -> Date? {
    var scanner = DateScanner(text)
    guard let day = scanner.day(), scanner.isAtEnd else { return nil }
    return day.date
  }

  /// The date `seconds + 0.fraction` after the reference date, converted from decimal once, so
  /// that it is the `Double` nearest the written value.
  private static func date(seconds: Int, fraction: String) -> Date? {
    let digits = fraction.reversed().drop { $0 == "0" }.reversed()
    let text: String
    if digits.isEmpty {
      text = "\(seconds)"
    } else if seconds >= 0 {
      text = "\(seconds).\(String(digits))"
    } else {
      // seconds + 0.d = -((|seconds| - 1) + (1 - 0.d))
      text = "-\(-seconds - 1).\(complement(String(digits)))"
    }
    return Double(text).map { Date(timeIntervalSinceReferenceDate: $0) }
  }

  /// The whole seconds (rounded down) of an interval and the decimal digits of the rest: the
  /// shortest digits that read back as the same `Double`.
  private static func parts(of interval: Double) -> (whole: Int, fraction: String) {
    let (integer, fraction) = decimal(interval.magnitude)
    let whole = Int(integer) ?? 0
    if interval >= 0 || fraction.isEmpty { return (interval >= 0 ? whole : -whole, fraction) }
    return (-whole - 1, complement(fraction))
  }

  /// The integer and fractional digits of a finite, non-negative `Double`'s shortest decimal
  /// form (Swift's `description`), without exponent, leading or trailing zeros.
  private static func decimal(_ value: Double) -> (integer: String, fraction: String) {
    let text = value.description
    let parts = text.split(separator: "e", maxSplits: 1)
    let mantissa = parts[0]
    let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
    let digits = Array(mantissa.filter { $0 != "." })
    let point =
      (mantissa.firstIndex(of: ".").map { mantissa.distance(from: mantissa.startIndex, to: $0) }
        ?? mantissa.count) + exponent
    let padded =
      point < 0
      ? Array(repeating: "0", count: -point) + digits
      : digits + Array(repeating: "0", count: max(0, point - digits.count))
    let split = max(point, 0)
    let integer = String(padded[..<split]).drop { $0 == "0" }
    let fraction = String(String(padded[split...]).reversed().drop { $0 == "0" }.reversed())
    return (integer.isEmpty ? "0" : String(integer), fraction)
  }

  /// The digits of `1 - 0.digits`, for digits whose last is not zero.
  private static func complement(_ digits: String) -> String {
    var values = digits.utf8.map { Int($0) - 48 }
    for index in values.indices { values[index] = 9 - values[index] }
    values[values.count - 1] += 1
    return String(values.map { Character(String($0)) })
  }
}

/// Reads the parts of an ISO 8601 date or date-time, checking each as it goes.
private struct DateScanner {
  private let bytes: [UInt8]
  private var position = 0

  init(_ text: String) { bytes = Array(text.utf8) }

  var isAtEnd: Bool { position == bytes.count }

  /// Consumes `character` if it comes next.
  mutating func take(_ character: Unicode.Scalar) -> Bool {
    guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
    position += 1
    return true
  }

  /// Exactly `count` decimal digits as a number.
  mutating func number(_ count: Int) -> Int? {
    guard position + count <= bytes.count else { return nil }
    var value = 0
    for byte in bytes[position..<position + count] {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    position += count
    return value
  }

  /// `YYYY-MM-DD`, or ISO 8601's expanded `±YYYYYY-MM-DD` (a sign and four to six digits).
  mutating func day() -> CivilDate? {
    var year: Int?
    if take("+") || take("-") {
      let negative = bytes[position - 1] == UInt8(ascii: "-")
      var digits = 0
      var value = 0
      while position < bytes.count, digits < 6, (48...57).contains(bytes[position]) {
        value = value * 10 + Int(bytes[position] - 48)
        position += 1
        digits += 1
      }
      guard digits >= 4 else { return nil }
      year = negative ? -value : value
    } else {
      year = number(4)
    }
    guard let year, take("-"), let month = number(2), take("-"), let day = number(2) else { return nil }
    return CivilDate(year: year, month: month, day: day)
  }

  /// `hh:mm`, `hh:mm:ss` or `hh:mm:ss.fraction`: seconds into the day and the fraction's digits.
  mutating func clock() -> (seconds: Int, fraction: String)? {
    guard let hour = number(2), hour < 24, take(":"), let minute = number(2), minute < 60 else { return nil }
    guard take(":") else { return (hour * 3_600 + minute * 60, "") }
    guard let second = number(2), second < 60 else { return nil }
    var fraction = ""
    if take(".") {
      while position < bytes.count, (48...57).contains(bytes[position]) {
        fraction.unicodeScalars.append(Unicode.Scalar(bytes[position]))
        position += 1
      }
      guard !fraction.isEmpty else { return nil }
    }
    return (hour * 3_600 + minute * 60 + second, fraction)
  }

  /// `Z`, or `±hh:mm`, `±hhmm`, `±hh` with hours below 24 and minutes below 60: the offset
  /// from UTC in seconds.
  mutating func offset() -> Int? {
    if take("Z") { return 0 }
    guard take("+") || take("-") else { return nil }
    let sign = bytes[position - 1] == UInt8(ascii: "-") ? -1 : 1
    guard let hours = number(2), hours < 24 else { return nil }
    var minutes = 0
    if !isAtEnd {
      _ = take(":")
      guard let value = number(2), value < 60 else { return nil }
      minutes = value
    }
    return sign * (hours * 3_600 + minutes * 60)
  }
}
