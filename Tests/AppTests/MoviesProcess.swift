import Foundation
import RepositoryTesting
import TestSupport

/// Runs the built `movies` executable as a person or a script would, in a private data folder,
/// on a catalog of its own: the default store file, or a fresh PostgreSQL schema named by
/// `MOVIES_STORE`.
struct MoviesProcess {
  /// What one run printed and returned, and how long the process ran (which equality ignores).
  struct Result: Equatable {
    let status: Int32
    let stdout: String
    let stderr: String
    var duration: Duration = .zero

    static func == (left: Result, right: Result) -> Bool {
      (left.status, left.stdout, left.stderr) == (right.status, right.stdout, right.stderr)
    }
  }

  /// A folder of its own, used as `XDG_DATA_HOME` and for the test's files.
  let folder: URL
  /// The engine the catalog is stored on.
  let engine: StoreEngine
  /// The variables every run gets: the folder as home and data folder, and the catalog's store
  /// when it is not the default file.
  let environment: [String: String]

  /// A process with a folder of its own and an empty catalog on `engine`.
  init(_ engine: StoreEngine = .file) throws {
    folder = try TemporaryDirectory(prefix: "movies-cli").url
    self.engine = engine
    var environment = [
      "HOME": folder.path, "XDG_DATA_HOME": folder.appendingPathComponent("data").path, "PATH": "/usr/bin:/bin",
    ]
    if engine == .postgres { environment["MOVIES_STORE"] = try engine.makeStore(named: "catalog", in: folder) }
    self.environment = environment
  }

  /// Another empty store on the same engine, for `--store` or `MOVIES_STORE`: a file in the
  /// folder, or a fresh schema.
  func makeStore(named name: String) throws -> String {
    try engine.makeStore(named: name, in: folder)
  }

  /// The catalog's store as `--store` names it: the default file, or the schema's URL.
  var store: String { environment["MOVIES_STORE"] ?? defaultStore.path }

  /// The store the app uses by default in this folder.
  var defaultStore: URL { folder.appendingPathComponent("data/movies/catalog.store") }

  /// The `movies` binary, built beside the test bundle; `MOVIES_UNDER_TEST` names another (to
  /// show that a regression test fails on an older build).
  static var executable: URL {
    if let other = ProcessInfo.processInfo.environment["MOVIES_UNDER_TEST"] { return URL(fileURLWithPath: other) }
    return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("movies")
  }

  /// Runs `movies` with arguments, extra environment variables and standard input.
  func run(_ arguments: [String], environment: [String: String] = [:], input: String = "") async throws -> Result {
    try await run(arguments, environment: environment, bytes: Data(input.utf8))
  }

  /// Runs `movies` with arguments, extra environment variables and these bytes as standard
  /// input, waiting for it off the concurrency pool: a test's thread is free meanwhile, so
  /// other tests go on however long the process takes (a blocking wait held one of the pool's
  /// few threads per running process, and stalled the rest of the suite under load).
  func run(_ arguments: [String], environment: [String: String] = [:], bytes input: Data) async throws -> Result {
    let merged = self.environment.merging(environment) { $1 }
    return try await Self.offPool { try Self.runBlocking(arguments, environment: merged, bytes: input) }
  }

  /// Runs blocking work on a thread of its own and waits for it without blocking the caller's;
  /// at most three at once (``ProcessSlots``), so the suite's hundreds of runs, which no longer
  /// wait for a thread of the pool, do not all start together on two cores.
  static func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    await ProcessSlots.shared.take()
    defer { ProcessSlots.shared.give() }
    return try await withCheckedThrowingContinuation { continuation in
      Thread { continuation.resume(with: Swift.Result { try work() }) }.start()
    }
  }

  /// Runs `movies` and waits for it, blocking the calling thread.
  private static func runBlocking(
    _ arguments: [String], environment: [String: String], bytes input: Data
  ) throws
    -> Result
  {
    let process = Process()
    process.executableURL = Self.executable
    process.arguments = arguments
    process.environment = environment
    let stdout = Pipe()
    let stderr = Pipe()
    let stdin = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = stdin
    let started = ContinuousClock.now
    try process.run()
    stdin.fileHandleForWriting.write(input)
    try stdin.fileHandleForWriting.close()
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    let err = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: err, as: UTF8.self), duration: ContinuousClock.now - started)
  }

  /// Runs `movies list --format json` and returns the decoded records.
  func listed(_ extra: [String] = [], environment: [String: String] = [:]) async throws -> [[String: Any]] {
    let result = try await run(["list", "--format", "json"] + extra, environment: environment)
    guard result.status == 0 else { throw ProcessFailure(result: result) }
    let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    return json as? [[String: Any]] ?? []
  }

  /// Whether the catalog holds no movie: it is empty, or does not exist — a store file after a
  /// failed first `import`, which leaves no store it created, or a database no command created
  /// the catalog's tables in.
  func storesNoMovie() async throws -> Bool {
    if engine == .file, !FileManager.default.fileExists(atPath: defaultStore.path) { return true }
    let result = try await run(["list", "--format", "json"])
    if engine == .postgres, result.status == 1, result.stderr.hasSuffix(": no store exists there\n") { return true }
    return try await listed().isEmpty
  }

  /// Adds a movie and returns its id.
  @discardableResult
  func add(_ title: String, date: String = "2001-01-01", rate: Int = 5, _ extra: [String] = []) async throws -> String {
    let result = try await run(["add", "--title", title, "--date", date, "--rate", "\(rate)"] + extra)
    guard result.status == 0 else { throw ProcessFailure(result: result) }
    return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}

/// A run of `movies` that should have succeeded and did not.
struct ProcessFailure: Error, CustomStringConvertible {
  let result: MoviesProcess.Result
  var description: String { "movies exited \(result.status): \(result.stderr)" }
}

extension MoviesProcess {
  /// Runs `movies history --format json` (with `extra` options) until it lists at least `count`
  /// transactions, for at most a minute, and returns the last list. On PostgreSQL a commit
  /// is listed once every transaction that began before it, anywhere on the server, has ended
  /// — the tests of other suites write on the same server meanwhile.
  func history(_ extra: [String] = [], count: Int) async throws -> [[String: Any]] {
    try await history(extra) { $0.count >= count }
  }

  /// Runs `movies history --format json` until what it lists is `complete`, for at most a
  /// minute, and returns the last list.
  func history(_ extra: [String] = [], until complete: ([[String: Any]]) -> Bool) async throws -> [[String: Any]] {
    let deadline = Date().addingTimeInterval(60)
    while true {
      let result = try await run(["history", "--format", "json"] + extra)
      guard result.status == 0 else { throw ProcessFailure(result: result) }
      let history = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
      if complete(history) || Date() > deadline { return history }
      try await Task.sleep(for: .milliseconds(20))
    }
  }
}
