import Foundation

/// How hard the reliability tests push: bounded for CI by default, or the long run that
/// `scripts/reliability.sh --long` asks for with `RELIABILITY_LONG=1`.
enum ReliabilityScale {
  /// Whether the long run was asked for.
  static let isLong = ProcessInfo.processInfo.environment["RELIABILITY_LONG"] == "1"

  /// `bounded` in CI, `long` in the long run.
  static func count(_ bounded: Int, long: Int) -> Int { isLong ? long : bounded }

  /// Prints a figure of the suite on one line, `reliability: <what>: <number>`, for the
  /// report that `scripts/reliability.sh` collects.
  static func report(_ what: String, _ value: Int) {
    print("reliability: \(what): \(value)")
  }
}
