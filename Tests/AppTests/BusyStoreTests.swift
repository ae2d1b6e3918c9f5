import Foundation
import Testing

@Suite("A catalog another process is writing: wait for it, then say who and what to do")
struct BusyStoreTests {
  let movies: MoviesProcess

  init() throws { movies = try MoviesProcess() }

  /// Starts a process that holds the store's write lock for `seconds`, and returns once it does.
  private func holdWriteLock(for seconds: Double) async throws -> Process {
    try await movies.add("Alien")
    let holder = Process()
    holder.executableURL = MoviesProcess.executable.deletingLastPathComponent().appendingPathComponent("store-stress")
    holder.arguments = [movies.defaultStore.path, "hold", "\(seconds)"]
    let output = Pipe()
    holder.standardOutput = output
    try holder.run()
    let said = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
    #expect(said == "holding\n")
    return holder
  }

  @Test(.timeLimit(.minutes(5))) func aWriterGivesUpAfterTheTimeoutNamingTheHolderAndWhatToDo() async throws {
    // Held far longer than the test needs (the holder is killed at the end): the writer may
    // wait for a process slot first, and once waited past a 20-second hold under load.
    let holder = try await holdWriteLock(for: 240)
    defer {
      kill(holder.processIdentifier, SIGKILL)
      holder.waitUntilExit()
    }
    let result = try await movies.run(["add", "--title", "Heat"], environment: ["MOVIES_BUSY_TIMEOUT": "1"])
    let waited = result.duration
    #expect(result.status == 1)
    #expect(waited >= .seconds(1) && waited < .seconds(10), "waited \(waited)")
    #expect(
      result.stderr == """
        movies: error: another process (store-stress, pid \(holder.processIdentifier)) is writing the store at \
        \(movies.defaultStore.path) and did not finish within 1 s; try again when it has finished, or wait longer \
        with MOVIES_BUSY_TIMEOUT=SECONDS

        """)
    #expect(try await movies.listed().map { $0["title"] as? String } == ["Alien"])
  }

  @Test(.timeLimit(.minutes(5))) func aWriterWaitsForTheOtherToFinishThenWrites() async throws {
    let holder = try await holdWriteLock(for: 2)
    let result = try await movies.run(["add", "--title", "Heat"])
    holder.waitUntilExit()
    #expect(result.status == 0, "\(result.stderr)")
    await #expect(Set(try movies.listed().map { $0["title"] as? String }) == ["Alien", "Heat"])
  }

  @Test func aBusyTimeoutThatIsNotANumberIsAUsageError() async throws {
    let result = try await movies.run(["list"], environment: ["MOVIES_BUSY_TIMEOUT": "soon"])
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("movies: error: MOVIES_BUSY_TIMEOUT expects a number of seconds"))
  }
}
