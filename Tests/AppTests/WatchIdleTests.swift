import Foundation
import PostgresCore
import Testing

/// An idle `movies watch` sleeps until the kernel, the server or a signal says something
/// happened: its threads are not woken while nothing changes. A loop looking at its stop flag
/// every 50 ms woke it about eighty times a second; a commit held back by another session's
/// open transaction, read again every 20 ms, about two hundred and seventy.
///
/// What is asserted is a count — the context switches of the watch's threads, from
/// `/proc/PID/task/*/status` — over an idle stretch, not how long anything took.
@Suite("An idle movies watch is not woken", .serialized)
struct WatchIdleTests {
  /// How long the watch is left idle while its wake-ups are counted.
  static let idle = Duration.seconds(2)
  /// Fewer wake-ups than this in ``idle``: a watch that wakes at any interval shorter than a
  /// tenth of a second has more (one wakes about once a second, as Dispatch ends its idle
  /// threads).
  static let bound = 30
  /// Fewer wake-ups than this in ``idle`` with a commit held back: two reads again, of about
  /// ten context switches each, with room to spare; read every 20 ms, it had hundreds.
  static let heldBackBound = 60

  @Test(arguments: StoreEngine.available) func anIdleWatchIsNotWoken(engine: StoreEngine) async throws {
    let movies = try MoviesProcess(engine)
    try await movies.add("Alien")
    let wakeUps = try await Self.wakeUps(of: movies, settling: .seconds(1))
    #expect(wakeUps < Self.bound, "\(wakeUps) wake-ups in \(Self.idle) of an idle watch on \(engine)")
  }

  /// A commit another session's open transaction holds back is read again less and less often,
  /// at least once a second, rather than every 20 ms for as long as the transaction stays open.
  @Test(.needsPostgreSQLServer) func aCommitHeldBackIsReadAgainLessAndLessOften() async throws {
    let movies = try MoviesProcess(.postgres)
    try await movies.add("Alien")
    let holder = try PostgresConnection(url: movies.store)
    // Begun before the next commit, and given an id: that commit is not read while it runs.
    try holder.execute("BEGIN")
    _ = try holder.query("SELECT txid_current()")
    try await movies.add("Heat")
    // By then the watch reads the held-back commit again once a second.
    let wakeUps = try await Self.wakeUps(of: movies, settling: .seconds(3))
    try holder.execute("COMMIT")
    #expect(
      wakeUps < Self.heldBackBound, "\(wakeUps) wake-ups in \(Self.idle) of a watch with a commit held back")
  }

  /// Starts a watch, waits for its first listing and `settling` more, and counts its threads'
  /// context switches over ``idle``; then ends it.
  private static func wakeUps(of movies: MoviesProcess, settling: Duration) async throws -> Int {
    let watching = try RunningMovies(movies, ["watch"])
    try await watching.waitForOutput()
    try await Task.sleep(for: settling)
    let pid = watching.process.processIdentifier
    let before = contextSwitches(of: pid)
    try await Task.sleep(for: idle)
    // A thread that ended meanwhile (one of Dispatch's, idle) is left out; a new one counts
    // from nothing.
    let wakeUps = contextSwitches(of: pid).reduce(0) { $0 + $1.value - (before[$1.key] ?? 0) }
    watching.signal(SIGTERM)
    let result = try await watching.finishAfterSignal()
    #expect(result.status == SIGTERM, "\(result)")
    return wakeUps
  }

  /// The voluntary and involuntary context switches of each thread of a process, by thread id.
  private static func contextSwitches(of pid: Int32) -> [String: Int] {
    let tasks = "/proc/\(pid)/task"
    let threads = (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []
    return Dictionary(
      uniqueKeysWithValues: threads.map { thread in
        let status = (try? String(contentsOfFile: "\(tasks)/\(thread)/status", encoding: .utf8)) ?? ""
        let switches = status.split(separator: "\n").reduce(0) { count, line in
          let fields = line.split(whereSeparator: \.isWhitespace)
          guard fields.count == 2, fields[0].hasSuffix("ctxt_switches:") else { return count }
          return count + (Int(fields[1]) ?? 0)
        }
        return (thread, switches)
      })
  }
}
