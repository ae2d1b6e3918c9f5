import Domain
import Foundation
import Persistence

/// Measures the framework's repository against the raw SQLite C API doing the same work.
///
/// Run it in release mode: `swift run -c release movies-benchmark [--rows N] [--rounds N]`.
/// Each phase runs on both sides in every round; the best time of each side is kept.
@main
struct StoreBenchmark {
  static func main() async throws {
    let arguments = CommandLine.arguments
    let rows = option("--rows", in: arguments) ?? 100_000
    let rounds = option("--rounds", in: arguments) ?? 3
    try await run(rows: rows, rounds: rounds)
  }

  static func option(_ name: String, in arguments: [String]) -> Int? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return Int(arguments[index + 1])
  }

  nonisolated static func run(rows: Int, rounds: Int) async throws {
    let movies = BenchmarkData.movies(count: rows)
    let picked = Array(stride(from: 0, to: rows, by: max(1, rows / 10_000)).prefix(10_000))
    let lookups = picked.map { movies[$0].id }
    let updated = picked.enumerated().map { offset, index in
      var movie = movies[index]
      movie.rate = (movie.rate + 1) % 11
      movie.heart += offset
      movie.title += " (seen)"
      return movie
    }
    let ranges = (0..<100).map { query in
      let start = BenchmarkData.startDate.addingTimeInterval(Double(query * rows / 100) * 3600)
      return (start, start.addingTimeInterval(Double(max(rows / 100, 1)) * 3600 / 2))
    }

    var phases = [
      Phase(name: "insert \(rows) (one transaction)", target: 1.3),
      Phase(name: "fetch all", target: 1.5),
      Phase(name: "indexed date range, 100 queries", target: 1.2),
      Phase(name: "fetch by id, \(lookups.count) times", target: 2.0),
      Phase(name: "update \(updated.count) by id (one transaction)", target: 1.5),
      Phase(name: "delete all", target: 1.2),
    ]

    for round in 1...rounds {
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("movies-benchmark-\(UUID())")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let raw = try RawMovieStore(path: folder.appendingPathComponent("raw.store").path)
      let container = try ModelContainer(
        for: Movie.self, configurations: ModelConfiguration("Benchmark", url: folder.appendingPathComponent("framework.store")))
      let repository = try SQLiteRepository<Movie>(container: container)

      var checks: [Int] = []
      let timings: [(Double, Double)] = [
        (try await seconds { try await repository.insert(movies) }, try await seconds { try raw.insert(movies) }),
        (
          try await seconds { checks.append(try await repository.fetchAll().count) },
          try await seconds { checks.append(try raw.fetchAll().count) }
        ),
        (
          try await seconds {
            var total = 0
            for (start, end) in ranges {
              total += try await repository.fetch(
                FetchDescriptor(predicate: #Predicate { $0.date >= start && $0.date < end }, sortBy: [SortDescriptor(\.date)])
              ).count
            }
            checks.append(total)
          },
          try await seconds {
            var total = 0
            for (start, end) in ranges { total += try raw.fetch(from: start, to: end).count }
            checks.append(total)
          }
        ),
        (
          try await seconds {
            var found = 0
            for id in lookups where try await repository.fetch(id: id) != nil { found += 1 }
            checks.append(found)
          },
          try await seconds {
            var found = 0
            for id in lookups where try raw.fetch(id: id) != nil { found += 1 }
            checks.append(found)
          }
        ),
        (try await seconds { try await repository.update(updated) }, try await seconds { try raw.update(updated) }),
        (
          try await seconds { checks.append(try await repository.deleteAll()) },
          try await seconds { checks.append(try raw.deleteAll()) }
        ),
      ]
      // Both sides must have done the same work: every count is reported by each side in turn.
      for pair in stride(from: 0, to: checks.count, by: 2) where checks[pair] != checks[pair + 1] {
        throw BenchmarkError("round \(round): the framework and raw SQLite disagree (\(checks))")
      }
      for (index, timing) in timings.enumerated() {
        phases[index].framework = min(phases[index].framework, timing.0)
        phases[index].raw = min(phases[index].raw, timing.1)
      }
    }
    report(phases, rows: rows, rounds: rounds)
  }

  static func report(_ phases: [Phase], rows: Int, rounds: Int) {
    print("movies-benchmark: \(rows) movies, best of \(rounds) rounds, SQLite \(sqliteVersion)")
    let width = phases.map(\.name.count).max() ?? 0
    print("phase".padding(toLength: width, withPad: " ", startingAt: 0) + "   framework         raw   ratio  target")
    for phase in phases {
      let line = phase.name.padding(toLength: width, withPad: " ", startingAt: 0)
        + String(format: " %9.1f ms %8.1f ms %6.2fx  %5.1fx ", phase.framework * 1000, phase.raw * 1000,
                 phase.ratio, phase.target) + (phase.ratio <= phase.target ? "ok" : "OVER")
      print(line)
    }
  }
}
