import Foundation

/// Reads and writes the dates people type and scripts parse, in UTC.
enum CatalogDate {
  private static let day = Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day()
  private static let instant = Date.ISO8601FormatStyle(timeZone: .gmt)
  private static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt)

  /// Parses `YYYY-MM-DD` (midnight UTC) or an ISO 8601 date-time, with or without fractions.
  static func parse(_ text: String) -> Date? {
    if text.utf8.count == 10 { return parseDay(text) }
    if let date = try? instant.parse(text) { return date }
    return try? fractional.parse(text)
  }

  /// The day of a date, `YYYY-MM-DD`.
  static func dayString(_ date: Date) -> String { day.format(date) }

  /// The full ISO 8601 form of a date, with fractional seconds only when it has them.
  static func iso8601(_ date: Date) -> String {
    date.timeIntervalSinceReferenceDate.rounded() == date.timeIntervalSinceReferenceDate
      ? instant.format(date) : fractional.format(date)
  }

  /// Parses `YYYY-MM-DD` directly: an import reads one per row, and this is many times faster
  /// than a format style.
  static func parseDay(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for byte in bytes[range] {
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year)
    else { return nil }
    return Date(timeIntervalSince1970: Double(daysSince1970(year: year, month: month, day: day)) * 86_400)
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's
  /// days-from-civil algorithm).
  private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
