import Foundation
import PostgresCore
import PostgresServer

/// The store phases on PostgreSQL: raw libpq (``RawPostgresMovieStore``) now, the engine beside
/// it once the PostgreSQL repository lands.
///
/// The engine's column reads "n/a" until then. Adding it is a few lines here: open the
/// repository on `url` in each round (beside `raw`, in a schema of its own), and put its call in
/// place of each `nil` below — the same calls ``StoreBenchmark/run(rows:rounds:)`` makes on the
/// SQLite repository; the phases, ratios, goals and report then work as they do for SQLite.
enum PostgresBenchmark {
  /// Runs every phase `rounds` times against the server at `url`, and returns its table.
  static func run(url: String, rows: Int, rounds: Int) async throws -> BenchmarkReport.Section {
    let workload = StoreWorkload(rows: rows)
    let (movies, lookups, updated, ranges) = (workload.movies, workload.lookups, workload.updated, workload.ranges)
    let inRanges = ranges.reduce(0) { total, range in
      total + movies.count { $0.date >= range.0 && $0.date < range.1 }
    }
    var phases = [
      Phase(name: "insert \(rows) (one transaction)", target: Goal.insert),
      Phase(name: "fetch all", target: Goal.fetchAll),
      Phase(name: "indexed date range, 100 queries", target: Goal.dateRange),
      Phase(name: "fetch by id, \(lookups.count) times", target: Goal.fetchByID),
      Phase(name: "update \(updated.count) by id (one transaction)", target: Goal.update),
      Phase(name: "delete all", target: Goal.deleteAll),
    ]
    for round in 1...rounds {
      let raw = try RawPostgresMovieStore(url: url)
      defer { try? raw.drop() }
      // Until the engine's side is there to agree with, each raw count is checked against the
      // workload's own.
      let work: [PhaseWork] = [
        (
          nil,
          {
            try raw.insert(movies)
            // A movie reads back as it was written (dates to the microsecond included).
            guard try raw.fetch(id: movies[0].id) == movies[0] else {
              throw BenchmarkError("a movie read back changed")
            }
            return movies.count
          }
        ),
        (nil, { try expect(raw.fetchAll().count, movies.count, "fetch all") }),
        (
          nil,
          {
            let total = try ranges.reduce(0) { total, range in total + (try raw.fetch(from: range.0, to: range.1).count)
            }
            return try expect(total, inRanges, "the date ranges")
          }
        ),
        (nil, { try expect(lookups.filter { try raw.fetch(id: $0) != nil }.count, lookups.count, "fetch by id") }),
        (
          nil,
          {
            try raw.update(updated); return updated.count
          }
        ),
        (nil, { try expect(raw.deleteAll(), movies.count, "delete all") }),
      ]
      try await phases.measure(work, round: round)
    }
    return BenchmarkReport.Section(
      title: "PostgreSQL: the engine (n/a until the PostgreSQL repository lands) against raw libpq",
      phases: phases.map(BenchmarkReport.PhaseSummary.init),
      remarks: [
        "raw libpq, through PostgresCore: the insert is one COPY; updates \(RawPostgresMovieStore.batch) rows a prepared statement"
      ])
  }

  /// Returns `count`, or throws if it is not what the workload holds.
  private static func expect(_ count: Int, _ expected: Int, _ phase: String) throws -> Int {
    guard count == expected else { throw BenchmarkError("\(phase): raw libpq counted \(count), not \(expected)") }
    return count
  }

  /// The URL of the server to measure: the one given, or a throwaway cluster this process
  /// starts (and stops when it ends) with PostgreSQL's durable defaults.
  static func serverURL(_ target: BenchmarkOptions.PostgresTarget) throws -> String {
    switch target {
    case .url(let url): return url
    case .throwaway: return try ThrowawayPostgres.Cluster.start(durable: true).makeDatabase()
    }
  }

  /// The server's version, as `SHOW server_version` writes it.
  static func serverVersion(url: String) throws -> String {
    try PostgresConnection(url: url).query("SHOW server_version").text(row: 0, column: 0) ?? "?"
  }
}
