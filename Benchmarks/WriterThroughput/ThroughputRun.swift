import Foundation
import PostgresServer

/// What a throughput run measures.
struct ThroughputOptions {
  /// The numbers of writing processes, one run each.
  var writers = [4, 16]
  /// Writes each process makes.
  var count = 1_000
  /// The server to write on; `nil` starts a throwaway cluster.
  var postgresURL: String?
  /// Seconds a SQLite writer waits for the others' write lock.
  var busyTimeout = 30
}

/// Runs the writers on each engine and prints one line a run, then fails if any run lost or
/// repeated a write.
struct ThroughputRun {
  let options: ThroughputOptions

  func run() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("writer-throughput-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let server = try options.postgresURL ?? ThrowawayPostgres.Cluster.start(durable: true).makeDatabase()
    print("engine      writers   writes   elapsed s    writes/s   lost   duplicate ids")
    var failures: [String] = []
    for writers in options.writers {
      for engine in WriterEngine.allCases {
        let store: String
        switch engine {
        case .sqlite:
          store = folder.appendingPathComponent("writers-\(writers).store").path
          // Created before the clock starts, as a shared catalog would be.
          _ = try SQLiteWrites.container(at: store)
        case .postgres:
          store = try PostgresWrites.prepare(url: server)
        }
        let elapsed = try runWriters(writers, engine: engine, store: store)
        let tally =
          switch engine {
          case .sqlite: try await SQLiteWrites.tally(path: store)
          case .postgres: try PostgresWrites.tally(url: store)
          }
        let expected = writers * options.count
        let lost = expected - tally.titles
        let duplicates = tally.rows - tally.ids
        print(
          engine.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
            + String(
              format: "%9d %8d %11.2f %11.0f %6d %15d", writers, tally.rows, elapsed, Double(tally.rows) / elapsed,
              lost, duplicates))
        if tally.rows != expected || lost != 0 || duplicates != 0 {
          failures.append("\(engine.rawValue), \(writers) writers: \(tally.rows) rows of \(expected) written")
        }
      }
    }
    guard failures.isEmpty else { throw WriterError(failures.joined(separator: "; ")) }
  }

  /// Starts `writers` processes, waits until each is ready, starts them together, and returns
  /// the seconds until the last one ended; throws if any failed.
  private func runWriters(_ writers: Int, engine: WriterEngine, store: String) throws -> Double {
    let executable = URL(
      fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
    let processes = try (0..<writers).map { index -> (process: Process, input: Pipe, output: Pipe, errors: Pipe) in
      let process = Process()
      let (input, output, errors) = (Pipe(), Pipe(), Pipe())
      process.executableURL = executable
      process.arguments = [
        "--write", engine.rawValue, store, "\(options.count)", "writer\(index)", "\(options.busyTimeout)",
      ]
      (process.standardInput, process.standardOutput, process.standardError) = (input, output, errors)
      try process.run()
      return (process, input, output, errors)
    }
    for writer in processes {
      // "ready\n", or nothing if the writer failed before it got there.
      let line = writer.output.fileHandleForReading.readData(ofLength: 6)
      guard line == Data("ready\n".utf8) else {
        let message = String(decoding: writer.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        throw WriterError("a writer did not start: \(message)")
      }
    }
    let clock = ContinuousClock()
    let start = clock.now
    for writer in processes { writer.input.fileHandleForWriting.write(Data("go\n".utf8)) }
    var failures: [String] = []
    for writer in processes {
      let message = String(decoding: writer.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      writer.process.waitUntilExit()
      if writer.process.terminationStatus != 0 { failures.append(message) }
    }
    let elapsed = clock.now - start
    guard failures.isEmpty else { throw WriterError("\(failures.count) writers failed: \(failures[0])") }
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }
}
