import Foundation
import Repositories
import RepositoryTesting
import SQLValues
import SQLiteCore
import TestSupport
import Testing

@testable import Persistence

/// A query that reads a narrowing set (a search's substring index, a reference filter's keys)
/// runs first as a bounded scan in its order, then through the set: whichever answers, the rows
/// are those Swift keeps, through a fetch and a cursor alike.
@Suite("Searches and reference filters scan first, within a bound")
struct BoundedScanTests {
  let folder: TemporaryDirectory
  let container: ModelContainer
  let books: SQLiteRepository<SearchBookRecord>
  let shelf: [SearchBookRecord]
  let notes: [SearchNoteRecord]

  init() async throws {
    folder = try TemporaryDirectory()
    container = try ModelContainer(
      for: [SearchBookRecord.self, SearchNoteRecord.self],
      configurations: [ModelConfiguration("Books", url: folder.file("books.store"))])
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
    // Every other book has a common note; one in a thousand a rare one.
    notes = shelf.enumerated().compactMap { index, book in
      index % 1_000 == 7
        ? SearchNoteRecord(bookID: book.id, text: "a rare note")
        : index % 2 == 0 ? SearchNoteRecord(bookID: book.id, text: "a common note") : nil
    }
    try await SQLiteRepository<SearchNoteRecord>(container: container).insert(notes)
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

  @Test(arguments: [nil, "common", "rare note", "absent"] as [String?])
  func aPageOfWhatAnotherModelReferencesIsWhatSwiftFinds(needle: String?) async throws {
    let kept = Set(notes.filter { note in needle.map { note.text.contains($0) } ?? true }.map(\.bookID))
    let byPages = shelf.filter { kept.contains($0.id) }.sorted { $0.pages < $1.pages }
    for (limit, offset) in [(20, 0), (20, 2_000), (3, 1)] as [(Int, Int)] {
      var descriptor = FetchDescriptor<SearchBookRecord>(
        sortBy: [SortDescriptor(\.pages)], fetchLimit: limit, fetchOffset: offset)
      if let needle {
        descriptor.keepReferenced(
          by: \SearchNoteRecord.bookID, to: \SearchBookRecord.id, where: #Predicate { $0.text.contains(needle) })
      } else {
        descriptor.keepReferenced(by: \SearchNoteRecord.bookID, to: \SearchBookRecord.id)
      }
      let swift = byPages.dropFirst(offset).prefix(limit).map(\.id)
      #expect(try await books.fetch(descriptor).map(\.id) == swift, "\(needle ?? "nil") \(limit) \(offset)")
      var read: [UUID] = []
      try await books.enumerate(descriptor) { read.append($0.id) }
      #expect(read == swift, "\(needle ?? "nil") \(limit) \(offset)")
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
    let builder = QueryBuilder(
      table: try SearchBookRecord.entityTable(), modelName: "SearchBookRecord", dialect: SQLiteDialect())
    let search = FetchDescriptor<SearchBookRecord>(predicate: #Predicate { $0.title.contains("Book 1") })
    let narrowed = try builder.select(search)
    #expect(narrowed.sql.contains("MATCH"))
    let scan = try #require(try builder.scan(search, narrowed: narrowed))
    #expect(!scan.sql.contains("MATCH") && scan.sql.contains("swift_contains"))
    let other = FetchDescriptor<SearchBookRecord>(predicate: #Predicate { $0.pages > 3 })
    #expect(try builder.scan(other, narrowed: try builder.select(other)) == nil)
    // A reference filter's set of keys becomes a test of each row.
    var referenced = builder
    referenced.neighbours = [ObjectIdentifier(SearchNoteRecord.self): try SearchNoteRecord.entityTable()]
    var filtered = FetchDescriptor<SearchBookRecord>()
    filtered.keepReferenced(by: \SearchNoteRecord.bookID, to: \SearchBookRecord.id)
    let set = try referenced.select(filtered)
    #expect(set.sql.contains("\"id\" IN (SELECT \"bookID\" FROM \"notes\")"))
    let rowByRow = try #require(try referenced.scan(filtered, narrowed: set))
    #expect(rowByRow.sql.contains("EXISTS (SELECT 1 FROM \"notes\" WHERE \"bookID\" = \"books\".\"id\")"))
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
