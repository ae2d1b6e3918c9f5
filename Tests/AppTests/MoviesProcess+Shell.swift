import Foundation

extension MoviesProcess {
  /// Runs a `/bin/sh` script in the process's environment, with `$0` the `movies` executable,
  /// for what only a shell arranges (a redirection, a pipeline, an ignored signal); returns
  /// the script's status and what it wrote to standard error.
  func shell(_ script: String) async throws -> (status: Int32, stderr: String) {
    let environment = environment
    return try await Self.offPool { () throws -> (Int32, String) in
      let shell = Process()
      shell.executableURL = URL(fileURLWithPath: "/bin/sh")
      shell.arguments = ["-c", script, Self.executable.path]
      shell.environment = environment
      let errors = Pipe()
      shell.standardError = errors
      try shell.run()
      let text = errors.fileHandleForReading.readDataToEndOfFile()
      shell.waitUntilExit()
      return (shell.terminationStatus, String(decoding: text, as: UTF8.self))
    }
  }
}
