import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories
import RepositoryTesting
import TestSupport
import Testing

@Suite("History: every committed transaction, recorded in the same transaction")
struct HistoryTests {
  let folder: TemporaryDirectory
  let container: ModelContainer
  let movies: SQLiteRepository<Movie>
  let reviews: SQLiteRepository<Review>

  init() throws {
    folder = try TemporaryDirectory()
    container = try ModelContainer(
      for: Movie.self, Review.self, configurations: ModelConfiguration("Catalog", url: folder.file("catalog.store")))
    movies = try SQLiteRepository(container: container)
    reviews = try SQLiteRepository(container: container)
  }

  private func id(_ movie: Movie) -> String { movie.id.uuidString.lowercased() }

  @Test func theHistoryIsExactAfterWritesSavesAndRollbacks() async throws {
    try await movies.insert([.alien, .heat])
    let review = Review(movieID: Movie.alien.id, text: "Tense.", date: .now)
    try await reviews.insert(review)
    var heat = Movie.heat
    heat.rate = 10
    try await movies.update(heat)
    let context = try ModelContext(container)
    context.author = "editor"
    context.insert(Movie.up)
    context.delete(Movie.alien)  // cascades to its review, listed after it
    try context.save()
    context.insert(Movie.heat)  // a duplicate: the save fails and is rolled back
    #expect(throws: RepositoryError.self) { try context.save() }
    try await movies.delete(where: #Predicate { $0.rate > 100 })  // changes nothing

    let history = try container.fetchHistory()
    #expect(
      history.map(\.changes) == [
        [.init(model: "Movie", id: id(.alien), kind: .insert), .init(model: "Movie", id: id(.heat), kind: .insert)],
        [.init(model: "Review", id: review.id.uuidString.lowercased(), kind: .insert)],
        [.init(model: "Movie", id: id(.heat), kind: .update, updatedAttributes: ["rate"])],
        [
          .init(model: "Movie", id: id(.up), kind: .insert),
          .init(model: "Movie", id: id(.alien), kind: .delete, preservedValues: ["title": .text("Alien")]),
          .init(model: "Review", id: review.id.uuidString.lowercased(), kind: .delete),
        ],
      ])
    #expect(history.map(\.author) == [nil, nil, nil, "editor"])
    #expect(history.map(\.token) == history.map(\.token).sorted())
    #expect(try container.fetchHistory(authors: ["editor"]).map(\.token) == [history[3].token])
    #expect(try container.fetchHistory(after: history[1].token).map(\.token) == [history[2].token, history[3].token])
    try container.deleteHistory(through: history[2].token)
    #expect(try container.fetchHistory().map(\.token) == [history[3].token])
  }

  @Test(.timeLimit(.minutes(5))) func anObserverSeesEachRelevantCommitOnceAndNeverARollback() async throws {
    let observer = try container.history(models: ["Movie"], interval: .milliseconds(5))
    let seen = Task {
      var tokens: [[HistoryChange]] = []
      for try await transaction in observer {
        tokens.append(transaction.changes)
        if tokens.count == 2 { break }
      }
      return tokens
    }
    try await movies.insert(Movie.alien)
    try await reviews.insert(Review(movieID: Movie.alien.id, text: "Not a movie change.", date: .now))
    await #expect(throws: RepositoryError.self) { try await movies.insert(Movie.alien) }  // rolled back
    try await movies.delete(Movie.alien)
    let changes = try await seen.value
    #expect(
      changes == [
        [.init(model: "Movie", id: id(.alien), kind: .insert)],
        [
          .init(model: "Movie", id: id(.alien), kind: .delete, preservedValues: ["title": .text("Alien")]),
          .init(model: "Review", id: changes.last?[1].id ?? "", kind: .delete),
        ],
      ])
  }

  @Test(.timeLimit(.minutes(5))) func aCommitInThisProcessWakesAnObserverAtOnce() async throws {
    // An interval far longer than the test may take: only the commit's signal can wake it.
    let observer = try container.history(interval: .seconds(600))
    let seen = Task {
      var iterator = observer.makeAsyncIterator()
      return try await iterator.next()?.changes.map(\.kind)
    }
    try await Task.sleep(for: .milliseconds(100))
    try await movies.insert(Movie.alien)
    #expect(try await seen.value == [.insert])
  }

  @Test(.timeLimit(.minutes(5))) func resultsAreYieldedNowAndAfterEachChange() async throws {
    try await movies.insert(Movie.alien)
    let results = try container.results(
      FetchDescriptor<Movie>(sortBy: [SortDescriptor(\.title)]), interval: .milliseconds(5))
    var iterator = results.makeAsyncIterator()
    #expect(try await iterator.next()?.map(\.title) == ["Alien"])
    try await movies.insert(Movie.heat)
    #expect(try await iterator.next()?.map(\.title) == ["Alien", "Heat"])
  }
}

@Suite("A store that keeps no history")
struct NoHistoryTests {
  @Test func writesWorkAndAskingForTheHistoryIsAClearError() async throws {
    let folder = try TemporaryDirectory()
    let container = try ModelContainer(
      for: Movie.self,
      configurations: ModelConfiguration("Quiet", url: folder.file("quiet.store"), keepsHistory: false))
    try await SQLiteRepository<Movie>(container: container).insert(Movie.alien)
    #expect(
      throws: PersistenceError.invalidSchema(
        "the configuration 'Quiet' keeps no history (ModelConfiguration.keepsHistory)")
    ) {
      _ = try container.fetchHistory()
    }
  }
}
