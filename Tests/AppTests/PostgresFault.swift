import Foundation
import PostgresCore
import PostgresServer
import Testing

/// How a test stops `movies` midway on PostgreSQL: the process dies, or its server goes away
/// under it, which it outlives and reports.
enum PostgresFault: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// `movies` is killed (`SIGKILL`); the server rolls back what it had not committed.
  case processKilled
  /// The server ends the process's sessions (`pg_terminate_backend`, as an administrator does)
  /// and lives on.
  case serverGone
  /// The server stops at once, as a crash would (`pg_ctl stop -m immediate`), and starts
  /// again once the process has ended.
  case serverRestarted

  /// The line a process whose server went away ends with, on standard error.
  static let lostConnectionLine = "movies: error: store unavailable: the connection to the PostgreSQL server was lost\n"

  var testDescription: String { rawValue }

  /// Whether the process outlives the fault, to report it.
  var isServerFault: Bool { self != .processKilled }

  /// A new database for a test of this fault, and its cluster: the shared one, or, for a
  /// restart, one of the test's own, durable (its commits synced, as surviving a crash needs).
  func makeDatabase() async throws -> (cluster: ThrowawayPostgres.Cluster, url: String) {
    guard self == .serverRestarted else {
      let cluster = try ThrowawayPostgres.cluster.get()
      return (cluster, try cluster.makeDatabase())
    }
    return try await MoviesProcess.offPool {
      let cluster = try ThrowawayPostgres.Cluster.start(durable: true)
      return (cluster, try cluster.makeDatabase())
    }
  }

  /// Strikes `running`, which uses the database `watcher` is connected to (every session of it
  /// but `watcher`'s and those of `sparing`, process identifiers of the server, is the
  /// process's).
  func strike(
    _ running: RunningMovies, cluster: ThrowawayPostgres.Cluster, watcher: PostgresConnection, sparing: [Int] = []
  ) async throws {
    switch self {
    case .processKilled:
      running.signal(SIGKILL)
    case .serverGone:
      let ended = try watcher.query(
        """
        SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity \
        WHERE datname = current_database() AND backend_type = 'client backend' \
        AND pid <> pg_backend_pid() AND NOT pid = ANY($1::int[])
        """, [.text("{" + sparing.map(String.init).joined(separator: ",") + "}")])
      #expect(ended.int64(row: 0, column: 0) ?? 0 > 0, "no session of movies was ended")
    case .serverRestarted:
      try await MoviesProcess.offPool { try cluster.stop() }
    }
  }

  /// Brings the server back after the process struck has ended, if the fault stopped it.
  func recover(_ cluster: ThrowawayPostgres.Cluster) async throws {
    if self == .serverRestarted { try await MoviesProcess.offPool { try cluster.restart() } }
  }

  /// Expects how a process struck by this fault ended: by the signal, or, when its server went
  /// away, with status 1 and one `line` that names the lost connection and nothing of the
  /// server's (no SQLSTATE, no libpq text, no SQL).
  func expectEnding(
    _ ended: MoviesProcess.Result, line: String = lostConnectionLine, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard isServerFault else {
      #expect(ended.status != 0, sourceLocation: sourceLocation)
      return
    }
    #expect(ended.status == 1, "\(ended.stderr)", sourceLocation: sourceLocation)
    #expect(ended.stderr == line, sourceLocation: sourceLocation)
  }
}
