import Foundation
import Persistence
import Repositories

/// The store's write phases alone, side by side with raw SQLite, for quick comparisons of
/// builds: insert every movie, update 10,000, delete them all (the raw side recording no
/// history), then insert and delete again with the raw side recording the history by hand.
enum WritePhases {
  /// Runs the phases `rounds` times on fresh stores of `rows` movies and prints each one's
  /// median times and the median and range of its rounds' ratios.
  static func run(rows: Int, rounds: Int) async throws {
    let workload = StoreWorkload(rows: rows)
    var phases = [
      Phase(name: "insert", target: 1.3), Phase(name: "update", target: 1.3), Phase(name: "delete all", target: 1.2),
      Phase(name: "insert, raw recording", target: 1.3), Phase(name: "delete all, raw recording", target: 1.2),
    ]
    for round in 1...rounds {
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("movies-writes-\(UUID())")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let repository = try SQLiteRepository<Movie>(
        container: try ModelContainer(
          for: Movie.self,
          configurations: ModelConfiguration("Writes", url: folder.appendingPathComponent("writes.store"))))
      let again = try SQLiteRepository<Movie>(
        container: try ModelContainer(
          for: Movie.self,
          configurations: ModelConfiguration("Again", url: folder.appendingPathComponent("again.store"))))
      let raw = try RawMovieStore(path: folder.appendingPathComponent("raw.store").path)
      let recordingRaw = try RawMovieStore(path: folder.appendingPathComponent("raw-recording.store").path)
      try recordingRaw.createHistoryTables()
      let work: [PhaseWork] = [
        (
          {
            try await repository.insert(workload.movies); return 0
          },
          {
            try raw.insert(workload.movies); return 0
          }
        ),
        (
          {
            try await repository.update(workload.updated); return 0
          },
          {
            try raw.update(workload.updated); return 0
          }
        ),
        ({ try await repository.deleteAll() }, { try raw.deleteAll() }),
        (
          {
            try await again.insert(workload.movies); return 0
          },
          {
            try recordingRaw.insertRecordingHistory(workload.movies); return 0
          }
        ),
        ({ try await again.deleteAll() }, { try recordingRaw.deleteAllRecordingHistory() }),
      ]
      try await phases.measure(work, round: round)
    }
    for phase in phases {
      print(
        String(
          format: "%@: engine %.1f ms, raw %.1f ms (medians); ratio median %.2f (%.2f–%.2f)", phase.name,
          Phase.median(phase.framework) * 1000, Phase.median(phase.raw) * 1000, phase.medianRatio,
          phase.ratios.min() ?? .nan, phase.ratios.max() ?? .nan))
    }
  }
}
