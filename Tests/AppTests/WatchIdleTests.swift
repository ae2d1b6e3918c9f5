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
  /// Fewer wake-ups than this in ``idle``: the loop that looked at its flag every 50 ms had
  /// about two hundred, one looking every 100 ms would have about a hundred. An idle watch has
  /// two or three (Dispatch ending an idle thread); a full test run on two cores has given
  /// thirty-odd.
  static let bound = 60
  /// Fewer wake-ups than this in ``idle`` with a commit held back: two reads again, of about
  /// ten context switches each, with room to spare; read every 20 ms, it had hundreds.
  static let heldBackBound = 60
  /// How many stretches of ``idle`` are counted at most, the fewest wake-ups kept.
  static let stretches = 3

  @Test(arguments: StoreEngine.available) func anIdleWatchIsNotWoken(engine: StoreEngine) async throws {
    let movies = try MoviesProcess(engine)
    try await movies.add("Alien")
    let wakeUps = try await Self.wakeUps(of: movies, settling: .seconds(1), bound: Self.bound)
    #expect(wakeUps.total < Self.bound, "\(wakeUps) wake-ups in \(Self.idle) of an idle watch on \(engine)")
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
    let wakeUps = try await Self.wakeUps(of: movies, settling: .seconds(3), bound: Self.heldBackBound)
    try holder.execute("COMMIT")
    #expect(
      wakeUps.total < Self.heldBackBound, "\(wakeUps) wake-ups in \(Self.idle) of a watch with a commit held back")
  }

  /// Starts a watch, waits for its first listing and `settling` more, and counts its threads'
  /// context switches over ``idle`` — again, up to ``stretches`` times, until fewer than
  /// `bound` — then ends it.
  private static func wakeUps(of movies: MoviesProcess, settling: Duration, bound: Int) async throws -> WakeUps {
    let watching = try RunningMovies(movies, ["watch"])
    try await watching.waitForOutput()
    try await Task.sleep(for: settling)
    let pid = watching.process.processIdentifier
    // The fewest of a few stretches: on a busy machine the watch may still be busy with its
    // first listing in the first, while one that wakes at an interval is woken in every one.
    var wakeUps = WakeUps(total: Int.max, byThread: [:])
    for _ in 0..<Self.stretches where wakeUps.total >= bound {
      let before = contextSwitches(of: pid)
      try await Task.sleep(for: idle)
      // A thread that ended meanwhile (one of Dispatch's, idle) is left out; a new one counts
      // from nothing.
      let now = contextSwitches(of: pid)
      let changes = now.reduce(into: [String: Int]()) { $0[$1.key] = $1.value - (before[$1.key] ?? 0) }
      let total = changes.values.reduce(0, +)
      if total < wakeUps.total { wakeUps = WakeUps(total: total, byThread: changes.filter { $0.value > 0 }) }
    }
    watching.signal(SIGTERM)
    let result = try await watching.finishAfterSignal()
    #expect(result.status == SIGTERM, "\(result)")
    return wakeUps
  }

  /// The wake-ups of a stretch: how many, and which threads had them (by id and name), for the
  /// message of a test that fails.
  struct WakeUps: CustomStringConvertible {
    var total: Int
    var byThread: [String: Int]

    var description: String {
      "\(total) (" + byThread.sorted { $0.value > $1.value }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        + ")"
    }
  }

  /// The voluntary and involuntary context switches of each thread of a process, by thread id
  /// and name.
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
        let name = (try? String(contentsOfFile: "\(tasks)/\(thread)/comm", encoding: .utf8)) ?? ""
        return ("\(thread) \(name.trimmingCharacters(in: .whitespacesAndNewlines))", switches)
      })
  }
}
