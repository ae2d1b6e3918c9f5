import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories

/// Movies with their reviews (a to-many relationship read in two queries, and the N+1 way),
/// and a context saving mixed changes: the framework against the same SQL by hand.
enum RelationshipBenchmark {
  static func run(rows: Int, rounds: Int) async throws -> BenchmarkReport.Section {
    let workload = RelationshipWorkload(rows: rows)
    let (movies, reviews, pages) = (workload.movies, workload.reviews, workload.pages)
    let (inserted, updated, deleted) = (workload.inserted, workload.updated, workload.deleted)
    let pageSize = RelationshipWorkload.pageSize
    let changes = inserted.count
    let expectedMovies = movies.count

    var phases = [
      Phase(name: "\(pages.count) pages of \(pageSize) movies with reviews, 2 queries", target: 1.5),
      Phase(name: "the same, N+1 queries (one for each movie's reviews)", target: 1.5),
      Phase(name: "context save: \(changes) inserts, updates, deletes", target: 1.3),
    ]
    for round in 1...rounds {
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("relations-benchmark-\(UUID())")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let raw = try RawMovieStore(path: folder.appendingPathComponent("raw.store").path)
      try raw.createReviews()
      try raw.insert(movies)
      try raw.insert(reviews)
      let (container, movieRepository, reviewRepository) = try await workload.makeStore(in: folder)

      let work: [PhaseWork] = [
        (
          { try await workload.readPagesInTwoQueries(movies: movieRepository, reviews: reviewRepository) },
          {
            try pages.reduce(0) { total, range in
              total + (try raw.reviews(of: try raw.fetch(from: range.0, to: range.1).map(\.id)).count)
            }
          }
        ),
        (
          { try await workload.readPagesNPlusOne(movies: movieRepository, reviews: reviewRepository) },
          {
            try pages.reduce(0) { total, range in
              try raw.fetch(from: range.0, to: range.1).reduce(total) { $0 + (try raw.reviews(of: $1.id).count) }
            }
          }
        ),
        (
          { try workload.save(in: container) },
          {
            try raw.save(inserting: inserted, updating: updated, deleting: deleted.map(\.id))
            return try raw.count("movies")
          }
        ),
      ]
      try await phases.measure(work, round: round)
      guard try raw.count("movies") == expectedMovies else { throw BenchmarkError("the mixed save lost movies") }
    }
    var section = BenchmarkReport.Section(
      title: "Relationships and contexts (history off on both sides)",
      phases: phases.map(BenchmarkReport.PhaseSummary.init))
    let twoQueries = Phase.median(phases[0].framework)
    let nPlusOne = Phase.median(phases[1].framework)
    section.figures = [.init(name: "nPlusOneOverTwoQueries", value: nPlusOne / twoQueries, unit: "x")]
    section.remarks = [
      String(
        format: "reading a page's reviews in one query is %.1fx faster than one query a movie", nPlusOne / twoQueries)
    ]
    return section
  }
}
