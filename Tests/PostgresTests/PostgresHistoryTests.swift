import Catalog
import CatalogStorage
import Foundation
import Persistence
import PostgresCore
import Repositories
import Testing

/// The history of a PostgreSQL store: recorded by the server for every write, typed as on
/// SQLite, and heard through LISTEN/NOTIFY by observers in other sessions.
@Suite(.needsPostgreSQL, .serialized)
struct PostgresHistoryTests {
  /// The store's history once it holds `count` transactions. A commit is read once every
  /// transaction that began before it, anywhere on the server, has ended — other suites write
  /// on the same server meanwhile, an import among them — so the history is read until it is
  /// complete, for at most a minute.
  static func history(of store: PostgresStore, count: Int) async throws -> [HistoryTransaction] {
    let deadline = ContinuousClock.now + .seconds(60)
    while true {
      let history = try await store.fetchHistory()
      if history.count >= count || ContinuousClock.now > deadline { return history }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  @Test func writesAreRecordedWithTheirAuthorKindsAttributesAndPreservedValues() async throws {
    let url = try PostgresTestServer.makeSchema()
    let store = try await PostgresStore(url: url, for: [Movie.self], poolSize: 2)
    let movies = try PostgresRepository<Movie>(store: store, author: "tester")
    let alien = Movie(title: "Alien", date: Date(timeIntervalSince1970: 296_438_400), rate: 9)
    try await movies.insert(alien)
    _ = try await movies.update(id: alien.id) { $0.heart += 1 }
    try await movies.delete(id: alien.id)
    let history = try await Self.history(of: store, count: 3)
    #expect(history.map { $0.changes.map(\.kind) } == [[.insert], [.update], [.delete]])
    #expect(history.allSatisfy { $0.author == "tester" })
    #expect(history.map(\.token) == history.map(\.token).sorted())
    #expect(history[1].changes[0].updatedAttributes == ["heart"])
    #expect(history[1].changes[0].id == alien.id.uuidString.lowercased())
    #expect(try history[2].changes[0].preservedValue(\Movie.title) == "Alien")
    // Only what came after a token, and only the named authors.
    #expect(try await store.fetchHistory(after: history[0].token).count == 2)
    #expect(try await store.fetchHistory(authors: ["someone else"]).isEmpty)
  }

  @Test func aWriteByAnotherProgramIsRecordedToo() async throws {
    let url = try PostgresTestServer.makeSchema()
    let store = try await PostgresStore(url: url, for: [Movie.self], poolSize: 2)
    let movies = try PostgresRepository<Movie>(store: store)
    try await movies.insert(Movie(title: "Heat", date: .now, rate: 8))
    try PostgresConnection(url: url).execute(#"UPDATE movies SET rate = 7"#)
    let last = try #require(try await Self.history(of: store, count: 2).last)
    #expect(last.author == nil)
    #expect(last.changes.map(\.updatedAttributes) == [["rate"]])
  }

  @Test func anObserverHearsAnotherSessionsCommitWithoutPolling() async throws {
    let url = try PostgresTestServer.makeSchema()
    let store = try await PostgresStore(url: url, for: [Movie.self], poolSize: 2)
    let observer = try await store.history(models: ["Movie"])
    let heard = Task {
      var iterator = observer.makeAsyncIterator()
      return try await iterator.next()
    }
    // Another store, as another process would open it, writes after the observer started.
    try await Task.sleep(for: .milliseconds(300))
    let other = try await PostgresStore(url: url, for: [Movie.self], poolSize: 1)
    try await PostgresRepository<Movie>(store: other, author: "elsewhere").insert(
      Movie(title: "Ran", date: .now, rate: 9))
    let transaction = try #require(try await heard.value)
    #expect(transaction.author == "elsewhere")
    #expect(transaction.changes.map(\.kind) == [.insert])
  }

  @Test func aCommitBehindARunningTransactionIsReadOnlyAfterItEnds() async throws {
    let url = try PostgresTestServer.makeSchema()
    let store = try await PostgresStore(url: url, for: [Movie.self], poolSize: 2)
    let movies = try PostgresRepository<Movie>(store: store)
    // An older transaction is still running while a newer one commits.
    let older = try PostgresConnection(url: url)
    try older.execute("BEGIN")
    _ = try older.query(
      "INSERT INTO movies (id, title, content, images, date, rate, heart) "
        + "VALUES (gen_random_uuid(), 'Older', '', '[]', 0, 1, 0)")
    try await movies.insert(Movie(title: "Newer", date: .now, rate: 2))
    #expect(try await store.fetchHistory().isEmpty, "the newer commit waits behind the running one")
    try older.execute("COMMIT")
    let history = try await Self.history(of: store, count: 2)
    #expect(history.count == 2)
    #expect(history.map(\.token) == history.map(\.token).sorted())
  }
}
