import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories

/// Movies with their reviews (a to-many relationship read in two queries, and the N+1 way),
/// and a context saving mixed changes: the framework against the same SQL by hand.
enum RelationshipBenchmark {
  /// Movies in a page read with its reviews.
  static let pageSize = 50
  /// Reviews a movie has.
  static let reviewsPerMovie = 3

  static func run(rows: Int, rounds: Int) async throws -> BenchmarkReport.Section {
    let movies = BenchmarkData.movies(count: max(pageSize, rows / 10))
    var reviews: [Review] = []
    for (index, movie) in movies.enumerated() {
      for number in 0..<reviewsPerMovie {
        let rate: Int? = number == 0 ? nil : number * 3
        reviews.append(
          Review(
            id: BenchmarkData.uuid(index * reviewsPerMovie + number, salt: 7), movieID: movie.id,
            author: "Critic \(number)", text: "Review \(number) of movie \(index).", rate: rate,
            date: movie.date.addingTimeInterval(Double(number) * 60)))
      }
    }
    let pages = (0..<min(100, movies.count / pageSize)).map { page in
      let start = BenchmarkData.startDate.addingTimeInterval(Double(page * pageSize) * 3600)
      return (start, start.addingTimeInterval(Double(pageSize) * 3600))
    }
    let changes = max(1, movies.count / 10)
    let inserted = BenchmarkData.movies(count: changes, offset: movies.count)
    let updated = movies.prefix(changes).map { movie in
      var movie = movie
      movie.rate = (movie.rate + 1) % 11
      return movie
    }
    let deleted = Array(movies.suffix(changes))
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
      // History off on both sides: the raw side records none.
      let container = try ModelContainer(
        for: Movie.self, Review.self,
        configurations: ModelConfiguration(
          "Relations", url: folder.appendingPathComponent("framework.store"), keepsHistory: false))
      let movieRepository = try SQLiteRepository<Movie>(container: container)
      let reviewRepository = try SQLiteRepository<Review>(container: container)
      try await movieRepository.insert(movies)
      try await reviewRepository.insert(reviews)

      let work: [PhaseWork] = [
        (
          {
            var total = 0
            for (start, end) in pages {
              let page = try await movieRepository.fetch(
                FetchDescriptor(
                  predicate: #Predicate { $0.date >= start && $0.date < end }, sortBy: [SortDescriptor(\.date)]))
              let ids = page.map(\.id)
              total += try await reviewRepository.fetch(
                FetchDescriptor(predicate: #Predicate { ids.contains($0.movieID) })
              )
              .count
            }
            return total
          },
          {
            try pages.reduce(0) { total, range in
              total + (try raw.reviews(of: try raw.fetch(from: range.0, to: range.1).map(\.id)).count)
            }
          }
        ),
        (
          {
            var total = 0
            for (start, end) in pages {
              let page = try await movieRepository.fetch(
                FetchDescriptor(
                  predicate: #Predicate { $0.date >= start && $0.date < end }, sortBy: [SortDescriptor(\.date)]))
              for movie in page {
                let id = movie.id
                total += try await reviewRepository.fetch(FetchDescriptor(predicate: #Predicate { $0.movieID == id }))
                  .count
              }
            }
            return total
          },
          {
            try pages.reduce(0) { total, range in
              try raw.fetch(from: range.0, to: range.1).reduce(total) { $0 + (try raw.reviews(of: $1.id).count) }
            }
          }
        ),
        (
          {
            let context = try ModelContext(container)
            for movie in inserted { context.insert(movie) }
            for movie in updated { context.update(movie) }
            for movie in deleted { context.delete(movie) }
            try context.save()
            return try context.fetchCount(FetchDescriptor<Movie>())
          },
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
