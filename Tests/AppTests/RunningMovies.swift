import Foundation
import Synchronization
import Testing

/// A `movies` process still running, whose standard input the test writes piece by piece.
struct RunningMovies {
  let process: Process
  private let stdin: Pipe
  private let stdout: Pipe
  private let stderr: Pipe
  /// What ``waitForOutput()`` read of standard output, which ``finish()`` returns first.
  private let early = EarlyOutput()

  /// Starts `movies` in a process's folder and environment.
  init(_ movies: MoviesProcess, _ arguments: [String]) throws {
    process = Process()
    process.executableURL = MoviesProcess.executable
    process.arguments = arguments
    process.environment = movies.environment
    (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
  }

  /// Writes text to the process's standard input.
  func write(_ text: String) {
    stdin.fileHandleForWriting.write(Data(text.utf8))
  }

  /// Sends a signal, as a terminal does on Ctrl-C (`SIGINT`).
  func signal(_ number: Int32) {
    kill(process.processIdentifier, number)
  }

  /// Waits, off the concurrency pool, until the process has written to standard output — a
  /// watch its first listing — rather than for a time that a busy machine may outlast.
  func waitForOutput() async throws {
    let (stdout, early) = (stdout, early)
    try await MoviesProcess.offPool { early.data.withLock { $0 += stdout.fileHandleForReading.availableData } }
  }

  /// Waits, off the concurrency pool, until the process catches a signal (its handler is in
  /// place, as `/proc/PID/status` tells), at most `seconds`.
  func waitUntilCatching(_ number: Int32, seconds: Double = 60) async throws {
    let status = "/proc/\(process.processIdentifier)/status"
    try await MoviesProcess.offPool {
      let deadline = Date().addingTimeInterval(seconds)
      while Date() < deadline {
        let caught = (try? String(contentsOfFile: status, encoding: .utf8))?.split(separator: "\n")
          .first { $0.hasPrefix("SigCgt:") }
          .flatMap { UInt64($0.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16) }
        if let caught, caught & (1 << UInt64(number - 1)) != 0 { return }
        usleep(10_000)
      }
    }
  }

  /// Waits for a process sent a signal to end of itself, its standard input still open, then
  /// collects it as ``finish()`` does; after `seconds`, records an issue and kills it.
  ///
  /// The input stays open because a signal sent as the input ends may lose to it: its handler
  /// can run only after the work has read the end and committed, which no program can rule out.
  func finishAfterSignal(seconds: Int = 60) async throws -> MoviesProcess.Result {
    for _ in 0..<seconds * 20 where process.isRunning { try await Task.sleep(for: .milliseconds(50)) }
    if process.isRunning {
      Issue.record("still running \(seconds) s after the signal")
      signal(SIGKILL)
    }
    return try await finish()
  }

  /// Closes standard input and waits for the process to end, off the concurrency pool.
  func finish() async throws -> MoviesProcess.Result {
    try stdin.fileHandleForWriting.close()
    let (process, stdout, stderr, early) = (process, stdout, stderr, early)
    return try await MoviesProcess.offPool {
      let out = early.data.withLock { $0 } + stdout.fileHandleForReading.readDataToEndOfFile()
      let err = stderr.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return MoviesProcess.Result(
        status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
        stderr: String(decoding: err, as: UTF8.self))
    }
  }
}

/// Standard output read before the process ended.
private final class EarlyOutput: Sendable {
  let data = Mutex(Data())
}
