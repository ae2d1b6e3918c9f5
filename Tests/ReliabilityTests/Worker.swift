import Foundation

/// The `reliability-worker` executable, built beside the test bundle, run as a child process.
struct Worker {
  /// What a finished or killed run printed, and how it ended.
  struct Run {
    let stdout: String
    let stderr: String
    let status: Int32
    let reason: Process.TerminationReason
  }

  /// The executable's location.
  static var executable: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("reliability-worker")
  }

  private let process = Process()
  private let output = Pipe()
  private let errors = Pipe()

  /// Starts the worker with arguments.
  init(_ arguments: [String]) throws {
    process.executableURL = Self.executable
    process.arguments = arguments
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
  }

  /// Sends SIGKILL `milliseconds` from now: the process ends at once, in the middle of
  /// whatever it was doing. A thread of its own keeps the time, not a task: with the test
  /// run's few threads busy, a task's sleep ended seconds late, after the worker had stopped.
  func kill(after milliseconds: Int) {
    let process = process.processIdentifier
    Thread {
      usleep(useconds_t(milliseconds) * 1000)
      _ = Foundation.kill(process, SIGKILL)
    }.start()
  }

  /// Waits, on a thread of its own, for the process to end, and returns what it printed.
  func finished() async -> Run {
    await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: finish()) }.start()
    }
  }

  /// Waits for the process to end and returns what it printed.
  func finish() -> Run {
    let stdout = output.fileHandleForReading.readDataToEndOfFile()
    let stderr = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self),
      status: process.terminationStatus, reason: process.terminationReason)
  }

  /// Runs the worker to its end.
  static func run(_ arguments: [String]) throws -> Run { try Worker(arguments).finish() }
}
