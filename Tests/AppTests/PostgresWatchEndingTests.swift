import Foundation
import PostgresCore
import PostgresServer
import Testing

/// `movies watch` on PostgreSQL ends when its server goes away — the server ends its sessions,
/// or stops — with status 1 and the one line that names the lost connection, rather than
/// waiting for ever for a commit that cannot be heard.
@Suite("movies watch on PostgreSQL ends when its server goes away", .needsPostgreSQLServer)
struct PostgresWatchEndingTests {
  let movies: MoviesProcess
  init() throws { movies = try MoviesProcess() }

  /// Starts a watch of a new catalog, strikes it with `fault` once it listens for commits, and
  /// returns how it ended (it is killed, and the test fails, if it has not ended a minute on).
  private func watchStruck(by fault: PostgresFault, _ extra: [String] = []) async throws -> MoviesProcess.Result {
    let server = try await fault.makeDatabase()
    try await movies.add("Alien", ["--store", server.url])
    let watching = try RunningMovies(movies, ["--store", server.url, "watch"] + extra)
    try await watching.waitForOutput()
    let watcher = try PostgresConnection(url: server.url)
    // Until the watch listens for commits (a minute at most, then the test fails).
    var listening = false
    for _ in 0..<3_000 where !listening && watching.process.isRunning {
      listening =
        try watcher.query(
          "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'"
        ).int64(row: 0, column: 0) ?? 0 > 0
      if !listening { try await Task.sleep(for: .milliseconds(20)) }
    }
    #expect(listening, "the watch never listened")
    try await fault.strike(watching, cluster: server.cluster, watcher: watcher)
    let ended = try await watching.finishAfterSignal()
    try await fault.recover(server.cluster)
    #expect(ended.stdout.contains("Alien"), "\(ended.stdout)")
    return ended
  }

  @Test(arguments: [PostgresFault.serverGone, .serverRestarted])
  func aWatchWhoseServerGoesAwayEndsNamingTheLostConnection(fault: PostgresFault) async throws {
    fault.expectEnding(try await watchStruck(by: fault))
  }

  /// With `--verbose`, the code and libpq's own words follow the line, for developers.
  @Test func withVerboseLibpqsWordsFollowTheLine() async throws {
    let ended = try await watchStruck(by: .serverGone, ["--verbose"])
    #expect(ended.status == 1)
    let lines = ended.stderr.split(separator: "\n").map(String.init)
    #expect(lines.first.map { $0 + "\n" } == PostgresFault.lostConnectionLine, "\(ended.stderr)")
    #expect(lines.count == 2 && lines[1].hasPrefix("movies: detail: PostgreSQL 08006: "), "\(ended.stderr)")
    #expect(lines.last?.contains("server closed the connection unexpectedly") == true, "\(ended.stderr)")
  }
}
