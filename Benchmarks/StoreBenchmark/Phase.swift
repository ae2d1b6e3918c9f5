/// One measured piece of work, done by the framework and by raw SQLite in every round.
struct Phase {
  /// What the phase does.
  let name: String
  /// The ratio framework / raw the project promises not to exceed (judged on the median).
  let target: Double
  /// The framework's time in each round, in seconds.
  var framework: [Double] = []
  /// Raw SQLite's time in each round, in seconds.
  var raw: [Double] = []

  /// Each round's framework time divided by the same round's raw time: the two ran side by
  /// side, so a round's ratio is fair even when the machine's load moves between rounds.
  var ratios: [Double] { zip(framework, raw).map { $0 / $1 } }

  /// The median of the rounds' ratios, the figure the target is judged on.
  var medianRatio: Double { Self.median(ratios) }

  /// The best framework time against the best raw time.
  var bestRatio: Double { (framework.min() ?? .nan) / (raw.min() ?? .nan) }

  /// Whether the median ratio meets the target.
  var meetsTarget: Bool { medianRatio <= target }

  /// The middle value (the mean of the middle two for an even count); NaN for none.
  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
}

/// The two sides of a phase, each returning a count both must agree on; a phase the engine does
/// not run yet (`framework` is `nil`) times the raw side alone and reports the engine as "n/a".
typealias PhaseWork = (framework: (() async throws -> Int)?, raw: () async throws -> Int)

extension [Phase] {
  /// Runs each phase's work once on both sides, the side that goes first alternating with the
  /// round so neither always meets a warmer or colder system, and records the times.
  mutating func measure(_ work: [PhaseWork], round: Int) async throws {
    precondition(work.count == count, "one piece of work per phase")
    for (index, phase) in work.enumerated() {
      guard let framework = phase.framework else {
        self[index].raw.append(try await seconds { _ = try await phase.raw() })
        continue
      }
      var counts = (framework: 0, raw: 0)
      let frameworkFirst = round % 2 == 1
      var time = (framework: 0.0, raw: 0.0)
      if frameworkFirst { time.framework = try await seconds { counts.framework = try await framework() } }
      time.raw = try await seconds { counts.raw = try await phase.raw() }
      if !frameworkFirst { time.framework = try await seconds { counts.framework = try await framework() } }
      guard counts.framework == counts.raw else {
        throw BenchmarkError(
          "round \(round), \(self[index].name): framework counted \(counts.framework), raw \(counts.raw)")
      }
      self[index].framework.append(time.framework)
      self[index].raw.append(time.raw)
    }
  }
}

/// Measures the seconds a piece of work takes.
func seconds(_ work: () async throws -> Void) async rethrows -> Double {
  let clock = ContinuousClock()
  let elapsed = try await clock.measure { try await work() }
  return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}
