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
  /// complete, for at most two minutes (a loaded machine has needed more than one); a history
  /// still short then fails the test, rather than letting it index past the end.
  static func history(of store: PostgresStore, count: Int) async throws -> [HistoryTransaction] {
    let deadline = ContinuousClock.now + .seconds(120)
    while true {
      let history = try await store.fetchHistory()
      if history.count >= count { return history }
      try #require(
        ContinuousClock.now < deadline,
        "the history has \(history.count) of \(count) transactions after two minutes")
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

  @Test func aStatementOfManyRowsRecordsOneChangePerRowWithItsContents() async throws {
    let url = try PostgresTestServer.makeSchema()
    let store = try await PostgresStore(url: url, for: [Movie.self], poolSize: 2)
    let movies = try PostgresRepository<Movie>(store: store, author: "bulk")
    let stored = (0..<1_000).map { number in
      Movie(title: "Movie \(number)", date: Date(timeIntervalSince1970: Double(number)), rate: number % 10)
    }
    try await movies.insert(stored)
    // Every other movie gets a new rating; every fourth a new title too.
    let changed = stored.enumerated().filter { $0.offset.isMultiple(of: 2) }.map { offset, movie in
      var movie = movie
      movie.rate = (movie.rate + 1) % 10
      if offset.isMultiple(of: 4) { movie.title += " (restored)" }
      return movie
    }
    try await movies.update(changed)
    // A statement that changes no row records nothing.
    try PostgresConnection(url: url).execute("UPDATE movies SET rate = 0 WHERE false")
    #expect(try await movies.deleteAll() == 1_000)
    let history = try await Self.history(of: store, count: 3)
    try #require(history.count == 3)
    #expect(history.allSatisfy { $0.author == "bulk" })
    let ids = { (movies: [Movie]) in movies.map { $0.id.uuidString.lowercased() } }
    #expect(history[0].changes.map(\.kind) == Array(repeating: .insert, count: 1_000))
    #expect(Set(history[0].changes.map(\.id)) == Set(ids(stored)))
    #expect(history[1].changes.count == changed.count)
    let attributes = Dictionary(uniqueKeysWithValues: history[1].changes.map { ($0.id, $0.updatedAttributes) })
    for (offset, movie) in changed.enumerated() {
      let key = movie.id.uuidString.lowercased()
      #expect(attributes[key] == (offset.isMultiple(of: 2) ? ["rate", "title"] : ["rate"]), "\(key)")
    }
    #expect(history[2].changes.map(\.kind) == Array(repeating: .delete, count: 1_000))
    // Each movie's title when it was deleted.
    let titles = Dictionary((stored + changed).map { ($0.id.uuidString.lowercased(), $0.title) }) { $1 }
    for change in history[2].changes {
      #expect(try change.preservedValue(\Movie.title) == titles[change.id])
    }
  }

  @Test func aTableMissingAHistoryTriggerIsRefused() async throws {
    let url = try PostgresTestServer.makeSchema()
    _ = try await PostgresStore(url: url, for: [Movie.self], poolSize: 1)
    try PostgresConnection(url: url).execute(#"DROP TRIGGER "_history_delete" ON movies"#)
    let error = await #expect(throws: PersistenceError.self) {
      _ = try await PostgresStore(url: url, for: [Movie.self], poolSize: 1)
    }
    #expect("\(error.map { "\($0)" } ?? "")".contains("does not record its history"))
  }

  @Test func historyTriggersOfAnEarlierFormAreReplacedWhenTheStoreOpens() async throws {
    let url = try PostgresTestServer.makeSchema()
    _ = try await PostgresStore(url: url, for: [Movie.self], poolSize: 1)
    let connection = try PostgresConnection(url: url)
    // The row-level trigger of earlier versions, in place of today's, and a function for
    // other columns.
    try connection.execute(
      """
      DROP TRIGGER "_history_insert" ON movies; DROP TRIGGER "_history_update" ON movies;
      DROP TRIGGER "_history_delete" ON movies;
      CREATE FUNCTION "_history_record"() RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RETURN NULL; END';
      CREATE TRIGGER "_history_movies" AFTER INSERT OR UPDATE OR DELETE ON movies
        FOR EACH ROW EXECUTE FUNCTION "_history_record"('Movie', 'id');
      CREATE OR REPLACE FUNCTION "_history_movies"() RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RETURN NULL; END';
      """)
    let store = try await PostgresStore(url: url, for: [Movie.self], poolSize: 1)
    let triggers = try connection.query(
      "SELECT string_agg(tgname, ' ' ORDER BY tgname) FROM pg_trigger WHERE tgrelid = 'movies'::regclass")
    #expect(triggers.text(row: 0, column: 0) == "_history_delete _history_insert _history_update")
    try await PostgresRepository<Movie>(store: store).insert(Movie(title: "Ran", date: .now, rate: 9))
    #expect(try await Self.history(of: store, count: 1).map { $0.changes.map(\.kind) } == [[.insert]])
  }
}
