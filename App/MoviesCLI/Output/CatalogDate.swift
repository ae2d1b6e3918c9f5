import Foundation

/// Reads and writes the dates people type and scripts parse, in UTC.
enum CatalogDate {
  private static let day = Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day()
  private static let instant = Date.ISO8601FormatStyle(timeZone: .gmt)
  private static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt)

  /// Parses `YYYY-MM-DD` (midnight UTC) or an ISO 8601 date-time, with or without fractions.
  static func parse(_ text: String) -> Date? {
    if text.count == 10, let date = try? day.parse(text) { return date }
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
}
