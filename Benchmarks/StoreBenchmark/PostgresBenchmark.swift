import Foundation
import Persistence
import PostgresCore
import PostgresServer
import Repositories

/// The store phases on PostgreSQL: the engine's `PostgresRepository` beside raw libpq
/// (``RawPostgresMovieStore``), each in a schema of its own in one database, with the goals the
/// same phases have on SQLite.
///
/// A phase the engine cannot run yet takes `nil` for its side: the raw side is then timed alone
/// and the engine's column reads "n/a".
enum PostgresBenchmark {
  /// Runs every phase `rounds` times against the server at `url`, and returns its table.
  static func run(url: String, rows: Int, rounds: Int) async throws -> BenchmarkReport.Section {
    let workload = StoreWorkload(rows: rows)
    let (movies, lookups, updated) = (workload.movies, workload.lookups, workload.updated)
    var phases = [
      Phase(name: "insert \(rows) (one transaction)", target: Goal.insert),
      Phase(name: "fetch all", target: Goal.fetchAll),
      Phase(name: "indexed date range, 100 queries", target: Goal.dateRange),
      Phase(name: "fetch by id, \(lookups.count) times", target: Goal.fetchByID),
      Phase(name: "update \(updated.count) by id (one transaction)", target: Goal.update),
      Phase(name: "delete all", target: Goal.deleteAll),
    ]
    for round in 1...rounds {
      let rawSchema = try ThrowawayPostgres.makeSchema(in: url, prefix: "bench_raw")
      let engineSchema = try ThrowawayPostgres.makeSchema(in: url, prefix: "bench_engine")
      defer { try? PostgresConnection(url: url).execute("DROP SCHEMA \(rawSchema.name), \(engineSchema.name) CASCADE") }
      let raw = try RawPostgresMovieStore(url: rawSchema.url)
      let repository = try PostgresRepository<Movie>(
        store: try await PostgresStore(url: engineSchema.url, for: [Movie.self]))
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
        ({ try await workload.countInRanges(repository) }, { try workload.countInRanges(raw.fetch(from:to:)) }),
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
      ]
      try await phases.measure(work, round: round)
    }
    return BenchmarkReport.Section(
      title: "PostgreSQL: the engine (PostgresRepository) against raw libpq",
      phases: phases.map(BenchmarkReport.PhaseSummary.init),
      remarks: [
        "raw libpq, through PostgresCore: the insert is one COPY; updates \(RawPostgresMovieStore.batch) rows a prepared statement"
      ])
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
