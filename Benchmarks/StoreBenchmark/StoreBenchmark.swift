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
    let rounds = option("--rounds", in: arguments) ?? 4
    if let times = option("--profile-fetch", in: arguments) {
      try await profile(rows: rows, times: times, query: false)
      return
    }
    if let count = option("--memory", in: arguments) {
      try await MemoryProfile.run(rows: count)
      return
    }
    if let times = option("--codable-floor", in: arguments) {
      print("Codable alone: \(Int(try CodableFloor.measure(times: times) * 1e9)) ns per Movie")
      return
    }
    if let times = option("--profile-query", in: arguments) {
      try await profile(rows: rows, times: times, query: true)
      return
    }
    try await run(rows: rows, rounds: rounds)
  }

  /// Fetches every movie, or runs a small date-range query, through the framework `times`
  /// times, for a profiler to watch.
  nonisolated static func profile(rows: Int, times: Int, query: Bool) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("movies-profile-\(UUID())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let container = try ModelContainer(
      for: Movie.self,
      configurations: ModelConfiguration("Profile", url: folder.appendingPathComponent("profile.store")))
    let repository = try SQLiteRepository<Movie>(container: container)
    try await repository.insert(BenchmarkData.movies(count: rows))
    var total = 0
    let elapsed = try await seconds {
      for time in 0..<times {
        guard query else {
          total += try await repository.fetchAll().count
          continue
        }
        let start = BenchmarkData.startDate.addingTimeInterval(Double(time % rows) * 3600)
        let end = start.addingTimeInterval(500 * 3600)
        total += try await repository.fetch(
          FetchDescriptor(predicate: #Predicate { $0.date >= start && $0.date < end }, sortBy: [SortDescriptor(\.date)])
        ).count
      }
    }
    print("fetched \(total) movies in \(Int(elapsed * 1000)) ms")
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

    // A smaller catalog with images, kept in files beside the store on both sides.
    let illustrated = BenchmarkData.movies(count: 200, offset: rows).enumerated().map { index, movie in
      var movie = movie
      movie.images = [Data(repeating: UInt8(index % 256), count: 16_384), Data(repeating: 7, count: 4_096)]
      return movie
    }
    var phases = [
      Phase(name: "insert \(rows) (one transaction)", target: 1.3),
      Phase(name: "fetch all", target: 1.5),
      Phase(name: "indexed date range, 100 queries", target: 1.2),
      Phase(name: "fetch by id, \(lookups.count) times", target: 2.0),
      Phase(name: "update \(updated.count) by id (one transaction)", target: 1.5),
      Phase(name: "delete all", target: 1.2),
      Phase(name: "insert \(illustrated.count) with 2 images each (external files)", target: 1.3),
      Phase(name: "fetch them with their images", target: 1.5),
      // The rows above include the history every write records (the default); these show
      // what writes cost without it.
      Phase(name: "insert \(rows), history off", target: 1.3),
      Phase(name: "delete all, history off", target: 1.2),
    ]

    for round in 1...rounds {
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("movies-benchmark-\(UUID())")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let raw = try RawMovieStore(path: folder.appendingPathComponent("raw.store").path)
      let rawFiles = try RawImageFiles(folder: folder.appendingPathComponent("raw.store.external"))
      let container = try ModelContainer(
        for: Movie.self,
        configurations: ModelConfiguration("Benchmark", url: folder.appendingPathComponent("framework.store")))
      let repository = try SQLiteRepository<Movie>(container: container)
      let quietRaw = try RawMovieStore(path: folder.appendingPathComponent("raw-quiet.store").path)
      let quiet = try SQLiteRepository<Movie>(
        container: try ModelContainer(
          for: Movie.self,
          configurations: ModelConfiguration(
            "Quiet", url: folder.appendingPathComponent("quiet.store"), keepsHistory: false)))

      // Each phase returns a count that both sides must agree on.
      let work: [(framework: () async throws -> Int, raw: () async throws -> Int)] = [
        (
          {
            try await repository.insert(movies); return movies.count
          },
          {
            try raw.insert(movies); return movies.count
          }
        ),
        ({ try await repository.fetchAll().count }, { try raw.fetchAll().count }),
        (
          {
            var total = 0
            for (start, end) in ranges {
              total += try await repository.fetch(
                FetchDescriptor(
                  predicate: #Predicate { $0.date >= start && $0.date < end }, sortBy: [SortDescriptor(\.date)])
              ).count
            }
            return total
          },
          { ranges.reduce(0) { total, range in total + ((try? raw.fetch(from: range.0, to: range.1).count) ?? -1) } }
        ),
        (
          {
            var found = 0
            for id in lookups where try await repository.fetch(id: id) != nil { found += 1 }
            return found
          },
          { try lookups.filter { try raw.fetch(id: $0) != nil }.count }
        ),
        (
          {
            try await repository.update(updated); return updated.count
          },
          {
            try raw.update(updated); return updated.count
          }
        ),
        ({ try await repository.deleteAll() }, { try raw.deleteAll() }),
        (
          {
            try await repository.insert(illustrated); return illustrated.count
          },
          {
            try raw.insert(illustrated, files: rawFiles); return illustrated.count
          }
        ),
        (
          { try await repository.fetchAll().reduce(0) { $0 + $1.images.count } },
          { try raw.fetchAll(files: rawFiles).reduce(0) { $0 + $1.images.count } }
        ),
        (
          {
            try await quiet.insert(movies); return movies.count
          },
          {
            try quietRaw.insert(movies); return movies.count
          }
        ),
        ({ try await quiet.deleteAll() }, { try quietRaw.deleteAll() }),
      ]
      for (index, phase) in work.enumerated() {
        // Alternate which side goes first, so neither always meets a warmer or colder system.
        var frameworkCount = 0
        var rawCount = 0
        let frameworkFirst = round % 2 == 1
        if frameworkFirst {
          phases[index].framework = min(
            phases[index].framework, try await seconds { frameworkCount = try await phase.framework() })
        }
        phases[index].raw = min(phases[index].raw, try await seconds { rawCount = try await phase.raw() })
        if !frameworkFirst {
          phases[index].framework = min(
            phases[index].framework, try await seconds { frameworkCount = try await phase.framework() })
        }
        guard frameworkCount == rawCount else {
          throw BenchmarkError(
            "round \(round), \(phases[index].name): framework counted \(frameworkCount), raw \(rawCount)")
        }
      }
    }
    report(phases, rows: rows, rounds: rounds)
    let floor = try CodableFloor.measure(times: 200_000)
    let rawPerRow = phases[1].raw / Double(rows)
    print(
      String(
        format: "Codable alone decodes a Movie in %.0f ns (a decoder of constants); raw SQLite reads one in %.0f ns,",
        floor * 1e9, rawPerRow * 1e9))
    print(String(format: "so no Codable mapper can fetch all below %.2fx raw here.", (rawPerRow + floor) / rawPerRow))
    try await JSONCodecBenchmark.run(rows: max(1, rows / 5), rounds: rounds)
  }

  static func report(_ phases: [Phase], rows: Int, rounds: Int, title: Bool = true) {
    if title { print("movies-benchmark: \(rows) movies, best of \(rounds) rounds, SQLite \(sqliteVersion)") }
    let width = phases.map(\.name.count).max() ?? 0
    print("phase".padding(toLength: width, withPad: " ", startingAt: 0) + "   framework         raw   ratio  target")
    for phase in phases {
      let line =
        phase.name.padding(toLength: width, withPad: " ", startingAt: 0)
        + String(
          format: " %9.1f ms %8.1f ms %6.2fx  %5.1fx ", phase.framework * 1000, phase.raw * 1000,
          phase.ratio, phase.target) + (phase.ratio <= phase.target ? "ok" : "OVER")
      print(line)
    }
  }
}
