import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories

/// Measures the framework's repository against the raw SQLite C API doing the same work.
///
/// Run it in release mode: `swift run -c release movies-benchmark [--rows N] [--rounds N] [--json]`
/// (`--help` lists the rest). Each phase runs on both sides in every round; the report gives
/// each side's best time, and the median and range of the rounds' side-by-side ratios.
@main
struct StoreBenchmark {
  static func main() async {
    let options: BenchmarkOptions
    do {
      options = try BenchmarkOptions(arguments: Array(CommandLine.arguments.dropFirst()))
    } catch {
      FileHandle.standardError.write(Data("movies-benchmark: \(error)\n\n\(BenchmarkOptions.usage)\n".utf8))
      exit(2)
    }
    do {
      try await run(options)
    } catch {
      FileHandle.standardError.write(Data("movies-benchmark: \(error)\n".utf8))
      exit(1)
    }
  }

  static func run(_ options: BenchmarkOptions) async throws {
    switch options.mode {
    case .help: print(BenchmarkOptions.usage)
    case .profileFetch(let times): try await profile(rows: options.rows, times: times, query: false)
    case .profileQuery(let times): try await profile(rows: options.rows, times: times, query: true)
    case .writes(let rounds): try await WritePhases.run(rows: options.rows, rounds: rounds)
    case .relations(let rounds):
      var report = BenchmarkReport(sqlite: sqliteVersion, rows: options.rows, rounds: rounds)
      report.sections.append(try await RelationshipBenchmark.run(rows: options.rows, rounds: rounds))
      print(options.json ? try report.json() : report.text)
    case .profileSave(let times): try await RelationshipProfile.save(rows: options.rows, times: times)
    case .profileReviews(let times): try await RelationshipProfile.reads(rows: options.rows, times: times)
    case .memory(let rows): try await MemoryProfile.run(rows: rows)
    case .codableFloor(let times):
      print("Codable alone: \(Int(try CodableFloor.measure(times: times) * 1e9)) ns per Movie")
    case .compare:
      if let target = options.postgres {
        let url = try PostgresBenchmark.serverURL(target)
        var report = BenchmarkReport(sqlite: sqliteVersion, rows: options.rows, rounds: options.rounds)
        report.postgres = try PostgresBenchmark.serverVersion(url: url)
        report.sections.append(try await PostgresBenchmark.run(url: url, rows: options.rows, rounds: options.rounds))
        print(options.json ? try report.json() : report.text)
        return
      }
      var report = BenchmarkReport(sqlite: sqliteVersion, rows: options.rows, rounds: options.rounds)
      report.sections.append(try await run(rows: options.rows, rounds: options.rounds))
      report.sections.append(try await RelationshipBenchmark.run(rows: options.rows, rounds: options.rounds))
      report.sections.append(try await IndexBenchmark.run(rows: options.rows, rounds: options.rounds))
      report.sections.append(try await JSONCodecBenchmark.run(rows: max(1, options.rows / 5), rounds: options.rounds))
      print(options.json ? try report.json() : report.text)
    }
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

  /// The store phases, framework against raw SQLite, with the Codable floor under them.
  nonisolated static func run(rows: Int, rounds: Int) async throws -> BenchmarkReport.Section {
    let workload = StoreWorkload(rows: rows)
    let (movies, lookups, updated) = (workload.movies, workload.lookups, workload.updated)
    let deepStarts = workload.deepStarts

    // A smaller catalog with images, kept in files beside the store on both sides.
    let illustrated = BenchmarkData.movies(count: 200, offset: rows).enumerated().map { index, movie in
      var movie = movie
      movie.images = [Data(repeating: UInt8(index % 256), count: 16_384), Data(repeating: 7, count: 4_096)]
      return movie
    }
    var phases = [
      Phase(name: "insert \(rows) (one transaction)", target: Goal.insert),
      Phase(name: "fetch all", target: Goal.fetchAll),
      Phase(name: "fetch all, row initializer (no Codable)", target: 1.2),
      Phase(name: "fetchIdentifiers of all (the primary key only)", target: 2.0),
      Phase(name: "indexed date range, 100 queries", target: Goal.dateRange),
      Phase(name: "a page of 20 at 3/4 by date, by offset, 20 queries", target: 1.2),
      Phase(name: "the same pages after their previous movie (keyset), 20 queries", target: 2.0),
      Phase(name: "fetch by id, \(lookups.count) times", target: Goal.fetchByID),
      Phase(name: "update \(updated.count) by id (one transaction)", target: Goal.update),
      Phase(name: "delete all", target: Goal.deleteAll),
      Phase(name: "insert \(illustrated.count) with 2 images each (external files)", target: 1.3),
      Phase(name: "fetch them with their images", target: 1.5),
      // The rows above include the history every write records (the default); these show
      // what writes cost without it.
      Phase(name: "insert \(rows), history off", target: 1.3),
      Phase(name: "delete all, history off", target: 1.2),
      // And what the history itself costs: here the raw side records the same history by hand.
      Phase(name: "insert \(rows), raw recording the history too", target: 1.3),
      Phase(name: "delete all, raw recording the history too", target: 1.2),
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
      // The same store's movies read through a row initializer instead of Codable.
      let rowReader = try SQLiteRepository<RowMovie>(
        container: try ModelContainer(
          for: RowMovie.self,
          configurations: ModelConfiguration("Benchmark", url: folder.appendingPathComponent("framework.store"))))
      let quietRaw = try RawMovieStore(path: folder.appendingPathComponent("raw-quiet.store").path)
      let quiet = try SQLiteRepository<Movie>(
        container: try ModelContainer(
          for: Movie.self,
          configurations: ModelConfiguration(
            "Quiet", url: folder.appendingPathComponent("quiet.store"), keepsHistory: false)))
      let recordingRaw = try RawMovieStore(path: folder.appendingPathComponent("raw-recording.store").path)
      try recordingRaw.createHistoryTables()
      let recording = try SQLiteRepository<Movie>(
        container: try ModelContainer(
          for: Movie.self,
          configurations: ModelConfiguration("Recording", url: folder.appendingPathComponent("recording.store"))))

      // Each phase returns a count that both sides must agree on.
      let work: [PhaseWork] = [
        (
          {
            try await repository.insert(movies); return movies.count
          },
          {
            try raw.insert(movies); return movies.count
          }
        ),
        ({ try await repository.fetchAll().count }, { try raw.fetchAll().count }),
        ({ try await rowReader.fetchAll().count }, { try raw.fetchAll().count }),
        ({ try await repository.fetchIdentifiers(FetchDescriptor()).count }, { try raw.fetchIdentifiers().count }),
        ({ try await workload.countInRanges(repository) }, { try workload.countInRanges(raw.fetch(from:to:)) }),
        (
          {
            var total = 0
            for start in deepStarts {
              total += try await repository.fetch(
                FetchDescriptor(sortBy: [SortDescriptor(\.date)], fetchLimit: 20, fetchOffset: start)
              ).count
            }
            return total
          },
          { try deepStarts.reduce(0) { total, start in total + (try raw.page(offset: start, limit: 20).count) } }
        ),
        (
          {
            var total = 0
            for start in deepStarts {
              var descriptor = FetchDescriptor<Movie>(sortBy: [SortDescriptor(\.date)], fetchLimit: 20)
              descriptor.after = movies[start - 1]
              total += try await repository.fetch(descriptor).count
            }
            return total
          },
          {
            try deepStarts.reduce(0) { total, start in total + (try raw.page(after: movies[start - 1], limit: 20).count)
            }
          }
        ),
        ({ try await workload.countFound(repository) }, { try lookups.filter { try raw.fetch(id: $0) != nil }.count }),
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
        (
          {
            try await recording.insert(movies); return movies.count
          },
          {
            try recordingRaw.insertRecordingHistory(movies); return movies.count
          }
        ),
        ({ try await recording.deleteAll() }, { try recordingRaw.deleteAllRecordingHistory() }),
      ]
      try await phases.measure(work, round: round)
    }
    var section = BenchmarkReport.Section(title: nil, phases: phases.map(BenchmarkReport.PhaseSummary.init))
    let floor = try CodableFloor.measure(times: 200_000)
    let rawPerRow = (phases[1].raw.min() ?? .nan) / Double(rows)
    let floorRatio = (rawPerRow + floor) / rawPerRow
    section.figures = [
      .init(name: "codableFloorPerMovie", value: floor * 1e9, unit: "ns"),
      .init(name: "rawReadPerMovie", value: rawPerRow * 1e9, unit: "ns"),
      .init(name: "codableFloorRatio", value: floorRatio, unit: "x"),
    ]
    section.remarks = [
      String(
        format: "Codable alone decodes a Movie in %.0f ns (a decoder of constants); raw SQLite reads one in %.0f ns,",
        floor * 1e9, rawPerRow * 1e9),
      String(format: "so no Codable mapper can fetch all below %.2fx raw here.", floorRatio),
    ]
    return section
  }
}
