import Foundation

/// A run's results, printed as tables for a reader or as one JSON document for comparing runs.
struct BenchmarkReport: Encodable {
  /// One table of phases, with the figures and sentences that go under it.
  struct Section: Encodable {
    var title: String?
    var phases: [PhaseSummary] = []
    /// Single measured values (nanoseconds, ratios), named for a program comparing runs.
    var figures: [Figure] = []
    /// The same figures in sentences, for a reader.
    var remarks: [String] = []
  }

  /// A phase's times (milliseconds) and ratios over the rounds.
  struct PhaseSummary: Encodable {
    let name: String
    let target: Double
    let frameworkBestMs: Double
    let frameworkMedianMs: Double
    let rawBestMs: Double
    let rawMedianMs: Double
    /// The best framework time over the best raw time.
    let bestRatio: Double
    /// The median, least and greatest of each round's side-by-side ratio.
    let medianRatio: Double
    let minRatio: Double
    let maxRatio: Double
    let meetsTarget: Bool

    init(_ phase: Phase) {
      name = phase.name
      target = phase.target
      frameworkBestMs = (phase.framework.min() ?? .nan) * 1000
      frameworkMedianMs = Phase.median(phase.framework) * 1000
      rawBestMs = (phase.raw.min() ?? .nan) * 1000
      rawMedianMs = Phase.median(phase.raw) * 1000
      bestRatio = phase.bestRatio
      medianRatio = phase.medianRatio
      minRatio = phase.ratios.min() ?? .nan
      maxRatio = phase.ratios.max() ?? .nan
      meetsTarget = phase.meetsTarget
    }
  }

  /// One named value.
  struct Figure: Encodable {
    let name: String
    let value: Double
    let unit: String
  }

  let sqlite: String
  /// The PostgreSQL server's version, in a run on PostgreSQL.
  var postgres: String?
  let rows: Int
  let rounds: Int
  var sections: [Section] = []

  /// The report as aligned tables and sentences.
  var text: String {
    let engine = postgres.map { "PostgreSQL \($0)" } ?? "SQLite \(sqlite)"
    var lines = ["movies-benchmark: \(rows) movies, \(rounds) rounds, \(engine)"]
    lines.append("times are each side's best; ratio is best against best, median (range) the rounds' own ratios")
    for section in sections {
      lines.append("")
      if let title = section.title { lines.append(title) }
      if !section.phases.isEmpty { lines += Self.table(section.phases) }
      lines += section.remarks
    }
    return lines.joined(separator: "\n")
  }

  /// The report as one JSON document, keys sorted so runs diff cleanly.
  func json() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    return String(decoding: try encoder.encode(self), as: UTF8.self)
  }

  private static func table(_ phases: [PhaseSummary]) -> [String] {
    let width = max(phases.map(\.name.count).max() ?? 0, 5)
    let header =
      "phase".padding(toLength: width, withPad: " ", startingAt: 0)
      + "  framework ms    raw ms   ratio   median (range)        target"
    return [header]
      + phases.map { phase in
        guard !phase.frameworkBestMs.isNaN else {
          // The engine does not run this phase yet: the raw side's time alone.
          return phase.name.padding(toLength: width, withPad: " ", startingAt: 0)
            + ("           n/a" + String(format: " %9.1f", phase.rawBestMs) + "     n/a  n/a").padding(
              toLength: 55, withPad: " ", startingAt: 0) + String(format: "%5.1fx ", phase.target) + "n/a"
        }
        return phase.name.padding(toLength: width, withPad: " ", startingAt: 0)
          + String(
            format: " %13.1f %9.1f %6.2fx  %5.2fx (%.2f–%.2f)", phase.frameworkBestMs, phase.rawBestMs,
            phase.bestRatio, phase.medianRatio, phase.minRatio, phase.maxRatio
          ).padding(toLength: 55, withPad: " ", startingAt: 0)
          + String(format: "%5.1fx ", phase.target) + (phase.meetsTarget ? "ok" : "OVER")
      }
  }
}
