public import Foundation

/// A day of the proleptic Gregorian calendar in UTC: the one calendar the catalog reads, writes,
/// filters and counts dates in, as ISO 8601 prescribes.
///
/// Foundation's calendars and `ISO8601FormatStyle` switch to the Julian calendar before
/// 1582-10-15 on Linux, so the same text would name different days depending on the path it
/// took; this arithmetic (Howard Hinnant's `days_from_civil` and `civil_from_days`) does not.
///
/// ```swift
/// let day = CivilDate(year: 1582, month: 10, day: 4)!  // the day before 1582-10-15 here
/// #expect(CivilDate(day.date) == day)
/// ```
public struct CivilDate: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The year: 1 is the first year AD, 0 the year before it.
  public let year: Int
  /// The month, 1 to 12.
  public let month: Int
  /// The day of the month, from 1.
  public let day: Int

  /// The day with this year, month and day, or `nil` if there is none (February 30).
  public init?(year: Int, month: Int, day: Int) {
    guard (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year) else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// The day, in UTC, that a moment falls on; a moment past a trillion days either side of
  /// 1970 (as only another program can store: `Date` holds up to ±1.8e308 seconds, and
  /// infinities) counts as that bound, so that no date stops a program that shows it.
  public init(_ date: Date) {
    let days = (date.timeIntervalSince1970 / 86_400).rounded(.down)
    self.init(daysSince1970: Int(max(-1e12, min(1e12, days.isNaN ? 0 : days))))
  }

  /// The day a number of days after 1970-01-01 (before it, when negative).
  public init(daysSince1970 days: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  }

  /// The number of days from 1970-01-01 to this day, negative before it.
  public var daysSince1970: Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// Midnight UTC at the start of the day.
  public var date: Date { Date(timeIntervalSince1970: Double(daysSince1970) * 86_400) }

  /// `YYYY-MM-DD`; a year beyond 0–9999 has a sign and at least four digits, as ISO 8601's
  /// expanded form has.
  public var description: String {
    guard (0...9999).contains(year) else {
      let yearText = (year < 0 ? "-" : "+") + Self.padded(year.magnitude, 4)
      return "\(yearText)-\(Self.padded(month, 2))-\(Self.padded(day, 2))"
    }
    // Every day people type: ten ASCII digits and dashes, written in place (a listing writes
    // one a movie, where interpolating padded parts cost a microsecond).
    return String(unsafeUninitializedCapacity: 10) { text in
      Self.write(year, width: 4, to: text, at: 0)
      text[4] = UInt8(ascii: "-")
      Self.write(month, width: 2, to: text, at: 5)
      text[7] = UInt8(ascii: "-")
      Self.write(day, width: 2, to: text, at: 8)
      return 10
    }
  }

  /// Writes the last `width` decimal digits of a non-negative `value` at `offset`.
  package static func write(_ value: Int, width: Int, to text: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
    var rest = value
    for position in (offset..<offset + width).reversed() {
      text[position] = UInt8(ascii: "0") + UInt8(rest % 10)
      rest /= 10
    }
  }

  /// Orders days by time.
  public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool { lhs.daysSince1970 < rhs.daysSince1970 }

  /// The number of days in a month of a year.
  public static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// A number in decimal, with zeros in front up to `width` digits.
  package static func padded(_ value: some BinaryInteger, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
  }
}
