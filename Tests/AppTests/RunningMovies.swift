import Foundation

/// A `movies` process still running, whose standard input the test writes piece by piece.
struct RunningMovies {
  let process: Process
  private let stdin: Pipe
  private let stdout: Pipe
  private let stderr: Pipe

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

  /// Closes standard input and waits for the process to end, off the concurrency pool.
  func finish() async throws -> MoviesProcess.Result {
    try stdin.fileHandleForWriting.close()
    let (process, stdout, stderr) = (process, stdout, stderr)
    return try await MoviesProcess.offPool {
      let out = stdout.fileHandleForReading.readDataToEndOfFile()
      let err = stderr.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return MoviesProcess.Result(
        status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
        stderr: String(decoding: err, as: UTF8.self))
    }
  }
}
