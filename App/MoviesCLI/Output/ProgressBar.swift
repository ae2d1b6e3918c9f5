import Foundation

/// Draws the progress of a long task on one line of a terminal, at most ten times a second:
/// a bar and percentage when the total is known, the rows done, the rate and the time left.
///
/// ```
/// [###########---------]  56%  56,000 rows  98,245 rows/s  0:01 left
/// ```
struct ProgressBar {
  private static let interval = Duration.milliseconds(100)
  private static let width = 20

  private let totalBytes: Int?
  private let columns: Int?
  private let write: (String) -> Void
  private let start: ContinuousClock.Instant
  private var lastDrawn: ContinuousClock.Instant?
  private var drawn = false

  /// Creates a bar that draws through `write`; `totalBytes` is the size of the input, if known.
  ///
  /// On a terminal `columns` wide, the line is cut to fit: a line that wrapped could not be
  /// drawn over.
  init(
    totalBytes: Int?, columns: Int? = nil, start: ContinuousClock.Instant = .now, write: @escaping (String) -> Void
  ) {
    self.totalBytes = totalBytes.flatMap { $0 > 0 ? $0 : nil }
    self.columns = columns
    self.start = start
    self.write = write
  }

  /// Redraws the line, unless it was drawn less than a tenth of a second ago.
  mutating func update(rows: Int, bytes: Int, now: ContinuousClock.Instant = .now) {
    if let lastDrawn, now - lastDrawn < Self.interval { return }
    lastDrawn = now
    drawn = true
    let line = Self.line(rows: rows, bytes: bytes, totalBytes: totalBytes, elapsed: now - start)
    write("\r" + (columns.map { String(line.prefix(max(0, $0 - 1))) } ?? line) + "\u{1B}[K")
  }

  /// Erases the line, so that other output starts on a clean line.
  mutating func clear() {
    guard drawn else { return }
    write("\r\u{1B}[K")
    drawn = false
  }

  /// The text of the line.
  static func line(rows: Int, bytes: Int, totalBytes: Int?, elapsed: Duration) -> String {
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let rate = seconds > 0 ? Int((Double(rows) / seconds).rounded()) : 0
    var parts = ["\(grouped(rows)) rows", "\(grouped(rate)) rows/s"]
    if let totalBytes {
      let fraction = min(1, Double(bytes) / Double(totalBytes))
      let filled = Int((fraction * Double(width)).rounded(.down))
      let bar = "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "]"
      let percent = "\(Int((fraction * 100).rounded(.down)))%"
      parts.insert(bar + " " + String(repeating: " ", count: max(0, 4 - percent.count)) + percent, at: 0)
      if fraction > 0, seconds > 0 { parts.append("\(clock(seconds / fraction - seconds)) left") }
    }
    return parts.joined(separator: "  ")
  }

  /// `1,234,567`.
  static func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var groups: [Substring] = []
    var end = digits.endIndex
    while end > digits.startIndex {
      let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
      groups.insert(digits[start..<end], at: 0)
      end = start
    }
    return (number < 0 ? "-" : "") + groups.joined(separator: ",")
  }

  /// `m:ss`, or `h:mm:ss` from an hour.
  static func clock(_ seconds: Double) -> String {
    let total = Int(seconds.rounded(.up))
    let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
    let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
    return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
  }
}
