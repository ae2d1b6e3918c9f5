import Foundation
import PostgresCore
import PostgresServer
import Testing

/// The tests' throwaway cluster: the one ``ThrowawayPostgres`` (target `PostgresServer`, shared
/// with the benchmarks) starts at the first use, without syncing to disk. The tests name it
/// through this enum, so that a test file needs no import of its own for it.
enum PostgresTestServer {
  /// The folder of PostgreSQL's server programs, or `nil` when they are not installed.
  static var installation: URL? { ThrowawayPostgres.installation }

  /// The running cluster, or the error that kept it from starting.
  static var cluster: Result<ThrowawayPostgres.Cluster, any Error> { ThrowawayPostgres.cluster }

  /// A new, empty database on the cluster, and its connection URL.
  static func makeDatabase() throws -> String { try ThrowawayPostgres.makeDatabase() }
}

extension Trait where Self == ConditionTrait {
  /// Runs a suite only where PostgreSQL's server is installed, and says why it is skipped
  /// elsewhere.
  static var needsPostgreSQL: Self {
    .enabled(
      if: PostgresTestServer.installation != nil,
      "PostgreSQL's server is not installed (apt-get install postgresql): the PostgreSQL tests are skipped")
  }
}

extension PostgresTestServer {
  /// A new, empty schema in one shared database of the cluster, and a URL whose connections
  /// use it: cheaper than a database for each of many checks.
  static func makeSchema() throws -> String {
    let url = try sharedDatabase.get()
    let name = "check_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    try PostgresConnection(url: url).execute("CREATE SCHEMA \(name)")
    return url + "?options=-csearch_path%3D\(name)"
  }

  /// The database the schemas of ``makeSchema()`` are made in.
  private static let sharedDatabase: Result<String, any Error> = Result { try makeDatabase() }
}
