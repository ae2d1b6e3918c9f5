import PostgresServer
import Testing

/// The tests' throwaway cluster: the one `ThrowawayPostgres` (target `PostgresServer`, shared
/// with the benchmarks) starts at the first use, without syncing to disk.
typealias PostgresTestServer = ThrowawayPostgres

extension Trait where Self == ConditionTrait {
  /// Runs a suite only where PostgreSQL's server is installed, and says why it is skipped
  /// elsewhere.
  static var needsPostgreSQL: Self {
    .enabled(
      if: PostgresTestServer.installation != nil,
      "PostgreSQL's server is not installed (apt-get install postgresql): the PostgreSQL tests are skipped")
  }
}
