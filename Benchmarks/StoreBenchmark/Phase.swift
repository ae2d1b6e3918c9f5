/// One measured piece of work, done by the framework and by raw SQLite.
struct Phase {
  /// What the phase does.
  let name: String
  /// The ratio framework / raw the project promises not to exceed.
  let target: Double
  /// The best framework time over the rounds, in seconds.
  var framework = Double.infinity
  /// The best raw SQLite time over the rounds, in seconds.
  var raw = Double.infinity

  /// Framework time divided by raw time.
  var ratio: Double { framework / raw }
}

/// Measures the seconds a piece of work takes.
func seconds(_ work: () async throws -> Void) async rethrows -> Double {
  let clock = ContinuousClock()
  let elapsed = try await clock.measure { try await work() }
  return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}
