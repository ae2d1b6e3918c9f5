import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories

// How soon a history observer hears of another process's commit, and what it costs while
// nothing happens:
// - `notify-latency [--fallback] STORE COUNT SPACING_MS IDLE_SECONDS` observes STORE, measures
//   its own CPU time over IDLE_SECONDS while it observes with nothing committed, then runs
//   itself as a writer of COUNT movies and prints the latency from each commit to the observer
//   seeing it. With
//   `--fallback` the store is checked at the observer's interval (50 ms) instead of waiting for
//   the kernel's file events.
// - `notify-latency --write STORE COUNT SPACING_MS` commits COUNT movies SPACING_MS apart,
//   printing the wall-clock time, in nanoseconds, at which each commit returned.
var arguments = Array(CommandLine.arguments.dropFirst())
let writes = arguments.first == "--write"
let fallback = arguments.first == "--fallback"
if writes || fallback { arguments.removeFirst() }
guard arguments.count == (writes ? 3 : 4), let count = Int(arguments[1]), let spacing = Int(arguments[2]),
  writes || Int(arguments[3]) != nil
else {
  FileHandle.standardError.write(
    Data(
      """
      usage: notify-latency [--fallback] STORE COUNT SPACING_MS IDLE_SECONDS
             notify-latency --write STORE COUNT SPACING_MS

      """.utf8))
  exit(2)
}

/// A clock's time in nanoseconds: the wall clock's is comparable between processes.
@Sendable func nanoseconds(_ clock: clockid_t = CLOCK_REALTIME) -> Int64 {
  var time = timespec()
  clock_gettime(clock, &time)
  return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
}

/// The CPU time this process has used, all its threads, user and system, in seconds.
@Sendable func cpuSeconds() -> Double { Double(nanoseconds(CLOCK_PROCESS_CPUTIME_ID)) / 1e9 }

do {
  var configuration = ModelConfiguration("Catalog", url: URL(fileURLWithPath: arguments[0]))
  configuration.watchesFileEvents = !fallback
  let container = try ModelContainer(
    for: CatalogModels.all, migrationPlan: CatalogMigrationPlan.self, configurations: [configuration])
  if writes {
    let movies = try SQLiteRepository<Movie>(container: container)
    for index in 0..<count {
      try await Task.sleep(for: .milliseconds(spacing))
      try await movies.insert(Movie(title: "Movie \(index)", date: Date(timeIntervalSinceReferenceDate: 0)))
      print(nanoseconds())
    }
    exit(0)
  }
  var changes = try container.history(of: [Movie.self]).makeAsyncIterator()
  // Idle: the observer waits, with nothing committed, once its watch has started. The wait is a
  // thread's sleep: Task.sleep would add the executor's own timer to what is measured.
  let idle = Int(arguments[3])!
  let idleCPU = await withCheckedContinuation { (done: CheckedContinuation<Double, Never>) in
    Thread {
      sleep(1)
      let before = cpuSeconds()
      sleep(UInt32(idle))
      done.resume(returning: cpuSeconds() - before)
    }.start()
  }
  let commits = FileManager.default.temporaryDirectory.appendingPathComponent("notify-latency-\(UUID()).txt")
  defer { try? FileManager.default.removeItem(at: commits) }
  guard FileManager.default.createFile(atPath: commits.path, contents: nil) else {
    throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: commits.path])
  }
  let writer = Process()
  writer.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
  writer.arguments = ["--write", arguments[0], "\(count)", "\(spacing)"]
  writer.standardOutput = try FileHandle(forWritingTo: commits)
  try writer.run()
  var seen: [Int64] = []
  while seen.count < count, try await changes.next() != nil { seen.append(nanoseconds()) }
  writer.waitUntilExit()
  guard writer.terminationStatus == 0 else {
    FileHandle.standardError.write(
      Data("notify-latency: the writer failed (status \(writer.terminationStatus))\n".utf8))
    exit(1)
  }
  let committed = try String(contentsOf: commits, encoding: .utf8).split(separator: "\n").compactMap { Int64($0) }
  let latencies = zip(committed, seen).map { Double($1 - $0) / 1e6 }.sorted()
  func at(_ fraction: Double) -> String {
    String(format: "%.2f ms", latencies[Int(fraction * Double(latencies.count - 1))])
  }
  print(
    """
    \(fallback ? "fallback (checked every 50 ms)" : "file events (inotify)"): \
    \(latencies.count) commits \(spacing) ms apart by another process
      latency commit → observer: median \(at(0.5)), p90 \(at(0.9)), max \(at(1))
      idle CPU over \(idle) s: \(String(format: "%.6f", idleCPU)) s (\(String(format: "%.4f", idleCPU / Double(idle) * 100)) %)
    """)
} catch {
  FileHandle.standardError.write(Data("notify-latency: \(error)\n".utf8))
  exit(1)
}
