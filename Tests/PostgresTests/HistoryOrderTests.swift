import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories
import Testing

/// One transaction's changes are listed in one order on both engines, whatever order the
/// models were given in or the database's plan visits rows: inserts as given; updates and
/// deletes in key order; after a delete, the rows it deletes or changes through relationships,
/// level by level, each table's in key order.
@Suite(.needsPostgreSQL)
struct HistoryOrderTests {
  static let date = Date(timeIntervalSince1970: 1_000_000_000)
  static let movies = (0..<40).map { Movie(title: "Movie \($0)", date: date, rate: $0 % 10) }
  static let reviews = movies.prefix(20).flatMap { movie in
    (0..<2).map { Review(movieID: movie.id, text: "Review \($0)", date: date) }
  }
  static let tags = (0..<3).map { MovieTag(name: "tag\($0)") }
  static let taggings = movies.prefix(30).enumerated().map { index, movie in
    Tagging(movieID: movie.id, tagID: tags[index % 3].id)
  }

  /// The same writes, through one engine's repositories.
  struct Writes {
    let movies: any Repository<Movie>
    let reviews: any Repository<Review>
    let tags: any Repository<MovieTag>
    let taggings: any Repository<Tagging>

    func run() async throws {
      try await movies.insert(HistoryOrderTests.movies.reversed())
      try await reviews.insert(HistoryOrderTests.reviews)
      try await tags.insert(HistoryOrderTests.tags)
      try await taggings.insert(HistoryOrderTests.taggings)
      // Updates given out of key order, several per statement on PostgreSQL.
      try await movies.update(
        HistoryOrderTests.movies.shuffled().map { movie in
          var hearted = movie
          hearted.heart = 1
          return hearted
        })
      // A deleted tag takes its taggings along.
      try await tags.delete(id: HistoryOrderTests.tags[0].id)
      // Movies by identifier, out of key order, with their reviews and taggings.
      try await movies.delete(ids: HistoryOrderTests.movies.prefix(12).shuffled().map(\.id))
      // Movies a predicate selects (a plan's order), with theirs.
      _ = try await movies.delete(where: #Predicate { $0.rate < 5 })
      _ = try await movies.deleteAll()
    }
  }

  /// Each transaction's changes as `model kind id` lines.
  static func lines(_ history: [HistoryTransaction]) -> [[String]] {
    history.map { $0.changes.map { "\($0.model) \($0.kind) \($0.id)" } }
  }

  @Test func aTransactionsChangesAreListedInOneOrderOnBothEngines() async throws {
    let models: [any PersistentModel.Type] = [Movie.self, Review.self, MovieTag.self, Tagging.self]
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("order-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let container = try ModelContainer(
      for: models, configurations: [ModelConfiguration(url: folder.appendingPathComponent("order.store"))])
    try await Writes(
      movies: try SQLiteRepository<Movie>(container: container),
      reviews: try SQLiteRepository<Review>(container: container),
      tags: try SQLiteRepository<MovieTag>(container: container),
      taggings: try SQLiteRepository<Tagging>(container: container)
    ).run()
    let onSQLite = Self.lines(try container.fetchHistory())

    let store = try await PostgresStore(url: try PostgresTestServer.makeSchema(), for: models, poolSize: 2)
    try await Writes(
      movies: try PostgresRepository<Movie>(store: store), reviews: try PostgresRepository<Review>(store: store),
      tags: try PostgresRepository<MovieTag>(store: store), taggings: try PostgresRepository<Tagging>(store: store)
    ).run()
    let onPostgreSQL = Self.lines(try await PostgresHistoryTests.history(of: store, count: onSQLite.count))

    #expect(onSQLite.count == 9)
    #expect(onSQLite.map(\.count) == onPostgreSQL.map(\.count))
    for (index, (sqlite, postgres)) in zip(onSQLite, onPostgreSQL).enumerated() {
      #expect(sqlite == postgres, "transaction \(index)")
    }
    // A cascade follows the rows that caused it.
    #expect(onSQLite[5].first?.hasPrefix("MovieTag delete") == true)
    #expect(onSQLite[5].dropFirst().allSatisfy { $0.hasPrefix("Tagging delete") })
  }
}
