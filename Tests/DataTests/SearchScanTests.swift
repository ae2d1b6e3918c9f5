import Foundation
import Repositories
import SQLiteCore
import TestSupport
import Testing

@testable import Persistence

/// A search runs first as a bounded scan in the query's order, then through the substring
/// index: whichever answers, the rows are those Swift's `contains` keeps, through a fetch and a
/// cursor alike.
@Suite("Searches scan first, within a bound")
struct SearchScanTests {
  let folder: TemporaryDirectory
  let container: ModelContainer
  let books: SQLiteRepository<SearchBookRecord>
  let shelf: [SearchBookRecord]

  init() async throws {
    folder = try TemporaryDirectory()
    container = try ModelContainer(
      for: [SearchBookRecord.self], configurations: [ModelConfiguration("Books", url: folder.file("books.store"))])
    books = try SQLiteRepository<SearchBookRecord>(container: container)
    // Every book's blurb holds "common"; one in a thousand also "rare gem", the last of them
    // written after the others, so that it waits in the index's pending changes.
    shelf = (0..<5_000).map { index in
      SearchBookRecord(
        title: "Book \(index)", blurb: index % 1_000 == 7 ? "a rare gem, common" : "a common tale", pages: 5_000 - index
      )
    }
    try await books.insert(Array(shelf.dropLast(10)))
    try await books.insert(Array(shelf.suffix(10)))
  }

  private func expected(_ descriptor: FetchDescriptor<SearchBookRecord>) async throws -> [UUID] {
    try await InMemoryRepository(shelf).fetch(descriptor).map(\.id)
  }

  @Test(arguments: ["common", "rare gem", "Book 4999", "absent"])
  func aPageFoundByEitherWayIsWhatSwiftFinds(needle: String) async throws {
    for (limit, offset) in [(20, 0), (20, 2_000), (3, 1)] as [(Int, Int)] {
      let descriptor = FetchDescriptor<SearchBookRecord>(
        predicate: #Predicate { ($0.blurb ?? "").contains(needle) || $0.title.contains(needle) },
        sortBy: [SortDescriptor(\.pages)], fetchLimit: limit, fetchOffset: offset)
      let swift = try await expected(descriptor)
      #expect(try await books.fetch(descriptor).map(\.id) == swift, "\(needle) \(limit) \(offset)")
      var read: [UUID] = []
      try await books.enumerate(descriptor) { read.append($0.id) }
      #expect(read == swift, "\(needle) \(limit) \(offset)")
    }
  }

  @Test func aTransactionsSearchScansTooAndStillCommitsWhatItWrote() async throws {
    let added = SearchBookRecord(title: "Book new", blurb: "common and rare gem", pages: -1)
    let found = try await SQLiteUnitOfWork(container: container).transaction { changes in
      try changes.insert([added])
      return try ["common", "rare gem"].map { needle in
        try changes.fetch(
          FetchDescriptor<SearchBookRecord>(
            predicate: #Predicate { ($0.blurb ?? "").contains(needle) }, sortBy: [SortDescriptor(\.pages)],
            fetchLimit: 3)
        ).map(\.title)
      }
    }
    #expect(found == [["Book new", "Book 4999", "Book 4998"], ["Book new", "Book 4007", "Book 3007"]])
    #expect(try await books.fetch(FetchDescriptor(predicate: #Predicate { $0.pages == -1 })).map(\.id) == [added.id])
  }

  @Test func aScanIsTheQueryWithoutTheIndexAndOnlyForASearch() throws {
    let builder = QueryBuilder(table: try SearchBookRecord.entityTable(), modelName: "SearchBookRecord")
    let search = FetchDescriptor<SearchBookRecord>(predicate: #Predicate { $0.title.contains("Book 1") })
    let narrowed = try builder.select(search)
    #expect(narrowed.sql.contains("MATCH"))
    let scan = try #require(try builder.scan(search, narrowed: narrowed))
    #expect(!scan.sql.contains("MATCH") && scan.sql.contains("swift_contains"))
    let other = FetchDescriptor<SearchBookRecord>(predicate: #Predicate { $0.pages > 3 })
    #expect(try builder.scan(other, narrowed: try builder.select(other)) == nil)
  }

  @Test func aBudgetInterruptsAReadAndLeavesTheConnectionAndItsTransactionAsTheyWere() throws {
    let connection = try Connection(location: .file(folder.file("budget.sqlite").path), readOnly: false)
    try connection.execute("CREATE TABLE t (x)")
    let long =
      "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000) SELECT count(*) FROM n"
    func count(_ sql: String) throws -> Int64 {
      let statement = try connection.statement(sql)
      defer { statement.reset() }
      _ = try statement.step()
      return statement.int64(at: 0)
    }
    try connection.execute("BEGIN IMMEDIATE")
    try connection.execute("INSERT INTO t VALUES (1)")
    #expect(try connection.withinSteps(10_000) { try count(long) } == nil)
    #expect(try connection.withinSteps(10_000) { try count("SELECT count(*) FROM t") } == 1)
    // The handler is gone: the same query now runs to its end, and the write commits.
    #expect(try count(long) == 1_000_000)
    try connection.execute("COMMIT")
    #expect(try count("SELECT count(*) FROM t") == 1)
  }
}
