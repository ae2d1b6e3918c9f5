import Foundation
import Testing

/// However `movies watch` ends, it closes the store first: SQLite then checkpoints the log and
/// removes the `-wal` and `-shm` files it kept beside the store while the watch ran.
@Suite("movies watch closes the store however it ends")
struct WatchEndingTests {
  let movies: MoviesProcess
  init() throws { movies = try MoviesProcess() }

  /// The files SQLite keeps beside the store while it is open.
  private func sidecars() throws -> [String] {
    let folder = movies.defaultStore.deletingLastPathComponent()
    return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix("-wal") || $0.hasSuffix("-shm")
    }
  }

  /// Ctrl-C, a `kill` or a closed terminal ends the watch by that signal, as before, once the
  /// store is closed.
  @Test(arguments: [SIGINT, SIGTERM, SIGHUP]) func aSignalEndsTheWatchByThatSignalAfterClosingTheStore(
    signal: Int32
  ) async throws {
    try await movies.add("Alien")
    let watching = try RunningMovies(movies, ["watch"])
    try await watching.waitForOutput()
    #expect(try !sidecars().isEmpty, "the open store has its log beside it")
    try await watching.waitUntilCatching(signal)
    watching.signal(signal)
    let result = try await watching.finishAfterSignal()
    #expect(watching.process.terminationReason == .uncaughtSignal)
    #expect(result.status == signal)
    #expect(result.stdout.contains("Alien") && result.stderr.isEmpty, "\(result)")
    #expect(try sidecars().isEmpty)
  }

  /// A reader that goes away ends the watch at its next listing: by SIGPIPE, as it ends any
  /// program, or, where SIGPIPE is ignored, with the line every command gives and status 1.
  @Test(arguments: [false, true]) func aReaderThatGoesAwayEndsTheWatchAfterClosingTheStore(
    ignoringPipeSignal: Bool
  ) async throws {
    try await movies.add("Alien")
    // The reader takes a byte of the first listing and leaves; then a change is listed.
    let (status, stderr) = try await movies.shell(
      (ignoringPipeSignal ? "trap '' PIPE; " : "")
        + "{ timeout -s KILL 60 \"$0\" watch; echo \"watch: $?\" >&2; } "
        + "| { head -c 1 > /dev/null; exec <&-; \"$0\" add --title Heat --date 2001-01-01 > /dev/null; }")
    #expect(status == 0)
    #expect(
      stderr
        == (ignoringPipeSignal
          ? "movies: error: cannot write to standard output: Broken pipe\nwatch: 1\n" : "watch: \(128 + SIGPIPE)\n"))
    #expect(try sidecars().isEmpty)
  }

  /// Output that cannot be written (a full disk) ends the watch with the line every command
  /// gives, and status 1.
  @Test func outputThatCannotBeWrittenEndsTheWatchAfterClosingTheStore() async throws {
    try await movies.add("Alien")
    let (status, stderr) = try await movies.shell("timeout -s KILL 60 \"$0\" watch > /dev/full")
    #expect(status == 1)
    #expect(stderr == "movies: error: cannot write to standard output: No space left on device\n")
    #expect(try sidecars().isEmpty)
  }
}
