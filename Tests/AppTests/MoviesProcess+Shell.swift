import Foundation

extension MoviesProcess {
  /// Runs a `/bin/sh` script in the process's environment, with `$0` the `movies` executable,
  /// for what only a shell arranges (a redirection, a pipeline, an ignored signal); returns
  /// the script's status and what it wrote to standard error.
  func shell(_ script: String) async throws -> (status: Int32, stderr: String) {
    let result = try await Self.runTool("/bin/sh", ["-c", script, Self.executable.path], environment: environment)
    return (result.status, result.stderr)
  }

  /// Runs `movies` started through a prefix — `setpriv` as another user, a shell that sets a
  /// umask or a folder — with only `HOME` (the process's folder) and `PATH` set.
  func run(through prefix: [String], _ arguments: [String]) async throws -> Result {
    let result = try await Self.runTool(
      prefix[0], Array(prefix.dropFirst()) + [Self.executable.path] + arguments,
      environment: ["HOME": folder.path, "PATH": "/usr/bin:/bin"])
    return Result(status: result.status, stdout: result.stdout, stderr: result.stderr)
  }

  /// The prefix that runs a program as `nobody` (`setpriv`), for a test run as root, whom
  /// permissions do not bind; `nil` when not root or without `setpriv`.
  static var asNobody: [String]? {
    guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return nil }
    return ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
  }

  /// Runs another program (a shell, a script of the package) off the concurrency pool, with
  /// nothing on its standard input; returns its status and what it wrote (a little: standard
  /// output is read to its end before standard error).
  static func runTool(
    _ path: String, _ arguments: [String], environment: [String: String]
  ) async throws -> (status: Int32, stdout: String, stderr: String) {
    try await offPool { () throws -> (Int32, String, String) in
      let tool = Process()
      tool.executableURL = URL(fileURLWithPath: path)
      tool.arguments = arguments
      tool.environment = environment
      tool.standardInput = FileHandle.nullDevice
      let (output, errors) = (Pipe(), Pipe())
      (tool.standardOutput, tool.standardError) = (output, errors)
      try tool.run()
      let out = output.fileHandleForReading.readDataToEndOfFile()
      let err = errors.fileHandleForReading.readDataToEndOfFile()
      tool.waitUntilExit()
      return (tool.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
  }
}
