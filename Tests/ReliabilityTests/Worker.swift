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

  /// Sends SIGKILL: the process ends at once, in the middle of whatever it was doing.
  func kill() { _ = Foundation.kill(process.processIdentifier, SIGKILL) }

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
