import Foundation

/// `timestamptz` values as PostgreSQL writes and reads them in text, on a connection whose time
/// zone is UTC: `2023-03-08 12:00:00.25+00`, to the microsecond.
///
/// The raw PostgreSQL store converts by hand, as a careful hand-written client would, rather
/// than through a `DateFormatter`, which would cost more than the server's work.
enum PostgresTimestamp {
  /// The text of a date, rounded to the microsecond (PostgreSQL keeps no finer).
  static func text(_ date: Date) -> String {
    let micros = Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
    let (days, microsOfDay) = floorDivision(micros, 86_400_000_000)
    let (year, month, day) = civil(fromDays: days)
    let seconds = microsOfDay / 1_000_000
    let fraction = microsOfDay % 1_000_000
    let yearText = String(year)
    var text =
      String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText
      + "-\(two(month))-\(two(day)) \(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
    if fraction != 0 {
      let digits = String(fraction)
      text += "." + String(repeating: "0", count: 6 - digits.count) + digits
    }
    return text + "+00"
  }

  /// The date a `timestamptz` text in UTC names, or `nil` for any other text (another zone, a
  /// year outside 1–9999, `infinity`).
  static func date(_ text: String) -> Date? {
    var text = text
    return text.withUTF8 { bytes -> Date? in
      // "YYYY-MM-DD HH:MM:SS" then an optional ".f…" then "+00".
      guard bytes.count >= 22, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
        bytes[10] == UInt8(ascii: " "), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
        bytes[bytes.count - 3] == UInt8(ascii: "+"), bytes[bytes.count - 2] == UInt8(ascii: "0"),
        bytes[bytes.count - 1] == UInt8(ascii: "0"),
        let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2),
        let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2), let second = number(bytes, 17, 2)
      else { return nil }
      var micros: Int64 = 0
      let end = bytes.count - 3
      if end > 19 {
        guard bytes[19] == UInt8(ascii: "."), end - 20 >= 1, end - 20 <= 6, let digits = number(bytes, 20, end - 20)
        else { return nil }
        micros = digits
        for _ in 0..<(6 - (end - 20)) { micros *= 10 }
      } else if end != 19 {
        return nil
      }
      let days = daysFromCivil(year: year, month: month, day: day)
      let total = (days * 86_400 + hour * 3600 + minute * 60 + second) * 1_000_000 + micros
      return Date(timeIntervalSince1970: Double(total) / 1_000_000)
    }
  }

  /// The decimal number in `count` digits from `start`, or `nil` if one is not a digit.
  private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int64? {
    var value: Int64 = 0
    for index in start..<start + count {
      let digit = bytes[index] &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      value = value * 10 + Int64(digit)
    }
    return value
  }

  private static func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }

  private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
    let quotient = value / divisor - (value % divisor < 0 ? 1 : 0)
    return (quotient, value - quotient * divisor)
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
  private static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
    let shifted = month <= 2 ? year - 1 : year
    let era = (shifted >= 0 ? shifted : shifted - 399) / 400
    let yearOfEra = shifted - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The proleptic Gregorian date of a day counted from 1970-01-01 (the inverse of the above).
  private static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
