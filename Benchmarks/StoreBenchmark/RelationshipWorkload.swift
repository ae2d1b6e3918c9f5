import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories

/// The data the relationship phases work on, the same for the framework and for raw SQLite:
/// movies with their reviews, the date ranges of the pages read, and the changes a context saves.
struct RelationshipWorkload {
  /// Movies in a page read with its reviews.
  static let pageSize = 50
  /// Reviews a movie has.
  static let reviewsPerMovie = 3

  /// A framework store of the workload's movies and reviews, and its repositories.
  typealias Store = (container: ModelContainer, movies: SQLiteRepository<Movie>, reviews: SQLiteRepository<Review>)

  let movies: [Movie]
  let reviews: [Review]
  /// The pages' date ranges, each holding `pageSize` movies.
  let pages: [(Date, Date)]
  /// The context's changes: new movies, stored movies changed, stored movies removed.
  let inserted: [Movie]
  let updated: [Movie]
  let deleted: [Movie]

  init(rows: Int) {
    let pageSize = Self.pageSize
    movies = BenchmarkData.movies(count: max(pageSize, rows / 10))
    var reviews: [Review] = []
    for (index, movie) in movies.enumerated() {
      for number in 0..<Self.reviewsPerMovie {
        let rate: Int? = number == 0 ? nil : number * 3
        reviews.append(
          Review(
            id: BenchmarkData.uuid(index * Self.reviewsPerMovie + number, salt: 7), movieID: movie.id,
            author: "Critic \(number)", text: "Review \(number) of movie \(index).", rate: rate,
            date: movie.date.addingTimeInterval(Double(number) * 60)))
      }
    }
    self.reviews = reviews
    pages = (0..<min(100, movies.count / pageSize)).map { page in
      let start = BenchmarkData.startDate.addingTimeInterval(Double(page * pageSize) * 3600)
      return (start, start.addingTimeInterval(Double(pageSize) * 3600))
    }
    let changes = max(1, movies.count / 10)
    inserted = BenchmarkData.movies(count: changes, offset: movies.count)
    updated = movies.prefix(changes).map { movie in
      var movie = movie
      movie.rate = (movie.rate + 1) % 11
      return movie
    }
    deleted = Array(movies.suffix(changes))
  }

  /// A store of the movies and their reviews in `folder`, history off (the raw side records none).
  func makeStore(in folder: URL) async throws -> Store {
    let container = try ModelContainer(
      for: Movie.self, Review.self,
      configurations: ModelConfiguration(
        "Relations", url: folder.appendingPathComponent("framework.store"), keepsHistory: false))
    let movieRepository = try SQLiteRepository<Movie>(container: container)
    let reviewRepository = try SQLiteRepository<Review>(container: container)
    try await movieRepository.insert(movies)
    try await reviewRepository.insert(reviews)
    return (container, movieRepository, reviewRepository)
  }

  /// The movies of one page: those dated from `start` up to `end`, by date.
  static func page(from start: Date, to end: Date, in movies: SQLiteRepository<Movie>) async throws -> [Movie] {
    try await movies.fetch(
      FetchDescriptor(predicate: #Predicate { $0.date >= start && $0.date < end }, sortBy: [SortDescriptor(\.date)]))
  }

  /// Reads every page of movies, then the page's reviews in one query; returns the reviews read.
  func readPagesInTwoQueries(
    movies movieRepository: SQLiteRepository<Movie>, reviews reviewRepository: SQLiteRepository<Review>
  ) async throws -> Int {
    var total = 0
    for (start, end) in pages {
      let page = try await Self.page(from: start, to: end, in: movieRepository)
      let ids = page.map(\.id)
      total += try await reviewRepository.fetch(FetchDescriptor(predicate: #Predicate { ids.contains($0.movieID) }))
        .count
    }
    return total
  }

  /// Reads every page of movies, then each movie's reviews in a query of its own.
  func readPagesNPlusOne(
    movies movieRepository: SQLiteRepository<Movie>, reviews reviewRepository: SQLiteRepository<Review>
  ) async throws -> Int {
    var total = 0
    for (start, end) in pages {
      let page = try await Self.page(from: start, to: end, in: movieRepository)
      for movie in page {
        let id = movie.id
        total += try await reviewRepository.fetch(FetchDescriptor(predicate: #Predicate { $0.movieID == id })).count
      }
    }
    return total
  }

  /// Saves the inserts, updates and deletes in one context, then counts the stored movies.
  func save(in container: ModelContainer) throws -> Int {
    try save(inserting: inserted, updating: updated, deleting: deleted, in: container)
  }

  /// Saves the given changes in one context, then counts the stored movies.
  func save(
    inserting inserted: [Movie], updating updated: [Movie], deleting deleted: [Movie], in container: ModelContainer
  ) throws -> Int {
    let context = try ModelContext(container)
    for movie in inserted { context.insert(movie) }
    for movie in updated { context.update(movie) }
    for movie in deleted { context.delete(movie) }
    try context.save()
    return try context.fetchCount(FetchDescriptor<Movie>())
  }
}
