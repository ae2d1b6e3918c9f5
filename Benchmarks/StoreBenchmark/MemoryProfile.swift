import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories

/// Compares the peak memory of reading every movie through a cursor and through `fetch`, and
/// measures that of deleting them all.
enum MemoryProfile {
  /// The process's peak resident set so far, in MiB, from `/proc/self/status` (Linux).
  static func peakMiB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
    else { return .nan }
    return kilobytes / 1024
  }

  static func run(rows: Int) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("movies-memory-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let container = try ModelContainer(
      for: Movie.self, configurations: ModelConfiguration("Memory", url: folder.appendingPathComponent("memory.store")))
    let repository = try SQLiteRepository<Movie>(container: container)
    // A delete of every movie first, measured from what is resident then (Linux's `clear_refs`
    // starts the peak again), before reading raises the peak; then the movies go in again.
    try await insert(rows, into: repository)
    let resident = resetPeak()
    let deleted = try await repository.deleteAll()
    let afterDelete = peakMiB()
    try await insert(rows, into: repository)
    let before = peakMiB()
    var streamed = 0
    for try await _ in repository.cursor() { streamed += 1 }
    let afterCursor = peakMiB()
    let fetched = try await repository.fetchAll().count
    let afterFetch = peakMiB()
    print("\(rows) movies; peak resident set before reading: \(Int(before)) MiB")
    print("cursor over \(streamed): peak grew by \(Int(afterCursor - before)) MiB")
    print("fetch of \(fetched): peak grew by \(Int(afterFetch - afterCursor)) MiB")
    print("delete of all \(deleted), history on: peak grew by \(Int(afterDelete - resident)) MiB")
  }

  /// Inserts `rows` movies, 100,000 a transaction.
  private static func insert(_ rows: Int, into repository: SQLiteRepository<Movie>) async throws {
    for start in stride(from: 0, to: rows, by: 100_000) {
      try await repository.insert(BenchmarkData.movies(count: min(100_000, rows - start), offset: start))
    }
  }

  /// Starts the process's peak resident set again from its current resident set (Linux's
  /// `clear_refs`), and returns that, in MiB.
  static func resetPeak() -> Double {
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    return peakMiB()
  }
}
