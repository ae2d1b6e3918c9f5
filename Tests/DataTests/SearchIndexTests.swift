import Foundation
import Repositories
import SQLiteCore
import TestSupport
import Testing

@testable import Persistence

/// A shelf of books whose title and blurb are searchable, and notes that go with their book.
struct SearchBook: PersistentModel, Equatable {
  var id = UUID()
  var title: String
  var blurb: String?
  var pages = 0
  static let entity = Entity<SearchBook>(table: "books", searchable: [\.title, \.blurb])
}

/// A note on a book, deleted with it.
struct SearchNote: PersistentModel, Equatable {
  var id = UUID()
  var bookID: UUID
  var text: String
  static let entity = Entity<SearchNote>(
    table: "notes", relationships: [.belongsTo(\.bookID, SearchBook.self, deleteRule: .cascade)],
    searchable: [\.text])
}

/// The same book before it declared anything searchable.
struct PlainBook: PersistentModel, Equatable {
  var id = UUID()
  var title: String
  var blurb: String?
  var pages = 0
  static let entity = Entity<PlainBook>(table: "books")
}

/// The substring index of searchable attributes, on real store files: kept in step by every
/// write, used by `contains`, added and dropped as the declaration comes and goes.
@Suite("Substring search index")
struct SearchIndexTests {
  let folder: TemporaryDirectory
  let url: URL

  init() throws {
    folder = try TemporaryDirectory()
    url = folder.file("books.store")
  }

  private func open<Model: PersistentModel>(
    _ models: [any PersistentModel.Type], _: Model.Type
  ) throws -> (
    ModelContainer, SQLiteRepository<Model>
  ) {
    let container = try ModelContainer(for: models, configurations: [ModelConfiguration("Books", url: url)])
    return (container, try SQLiteRepository<Model>(container: container))
  }

  /// Fails unless the index holds exactly what the table's rows give (FTS5's integrity check
  /// against the content table), and returns the rowids the index finds for a needle.
  private func indexed(_ needle: String, column: String, table: String = "books") throws -> Set<Int64> {
    let connection = try Connection(location: .file(url.path), readOnly: false)
    let index = SearchIndex(table: table, columns: [])
    try connection.execute(index.integrityCheckStatement)
    let statement = try connection.statement(
      "SELECT rowid FROM \(index.quotedName) WHERE \(SQLIdentifier.quote(column)) MATCH ?1")
    defer { statement.reset() }
    try statement.bind([.text("\"\(needle)\"")])
    var rowids = Set<Int64>()
    while try statement.step() { rowids.insert(statement.int64(at: 0)) }
    return rowids
  }

  private func titles(containing needle: String, _ books: SQLiteRepository<SearchBook>) async throws -> [String] {
    try await books.fetch(
      FetchDescriptor(predicate: #Predicate { $0.title.contains(needle) }, sortBy: [SortDescriptor(\.title)])
    ).map(\.title)
  }

  @Test func everyWriteKeepsTheIndexInStep() async throws {
    let (container, books) = try open([SearchBook.self, SearchNote.self], SearchBook.self)
    let notes = try SQLiteRepository<SearchNote>(container: container)
    var dune = SearchBook(title: "Dune", blurb: "Desert planet")
    let emma = SearchBook(title: "Emma", blurb: nil)
    try await books.insert([dune, emma])
    try await notes.insert(SearchNote(bookID: dune.id, text: "Spice must flow"))
    #expect(try indexed("Des", column: "blurb").count == 1)
    #expect(try indexed("Spice", column: "text", table: "notes").count == 1)

    dune.title = "Dune Messiah"
    try await books.update(dune)
    #expect(try indexed("Messiah", column: "title").count == 1)
    #expect(try await titles(containing: "Messiah", books) == ["Dune Messiah"])

    try await books.upsert([SearchBook(id: emma.id, title: "Emma Woodhouse"), SearchBook(title: "Persuasion")])
    #expect(try await titles(containing: "Emma", books) == ["Emma Woodhouse"])
    #expect(try await titles(containing: "uasi", books) == ["Persuasion"])

    // Deleting the book deletes its note by cascade, which the notes' index follows.
    try await books.delete(ids: [dune.id])
    #expect(try indexed("Spice", column: "text", table: "notes").isEmpty)
    #expect(try indexed("Dune", column: "title").isEmpty)
    #expect(try await titles(containing: "Dune", books).isEmpty)
  }

  @Test func aRolledBackTransactionLeavesTheIndexAsItWas() async throws {
    let (container, books) = try open([SearchBook.self], SearchBook.self)
    let kept = SearchBook(title: "Kept book")
    try await books.insert(kept)
    let work = try SQLiteUnitOfWork(container: container)
    struct Refusal: Error {}
    await #expect(throws: Refusal.self) {
      try await work.transaction { changes in
        try changes.insert([SearchBook(title: "Lost book")])
        try changes.delete(ids: [kept.id], of: SearchBook.self)
        throw Refusal()
      }
    }
    #expect(try indexed("Lost", column: "title").isEmpty)
    #expect(try indexed("Kept", column: "title").count == 1)
    #expect(try await titles(containing: "book", books) == ["Kept book"])
  }

  @Test func containsNarrowsWithTheIndexAndAnswersAsSwift() async throws {
    let (_, books) = try open([SearchBook.self], SearchBook.self)
    let shelf = [
      SearchBook(title: "Café society", blurb: "say \"NEAR\" (AND) *^"), SearchBook(title: "cafe SOCIETY"),
      SearchBook(title: "Cafe\u{301} noir", blurb: "AND OR NOT"),
    ]
    try await books.insert(shelf)
    // Decomposed or composed, the needle finds the NFC text; case stays Swift's.
    #expect(try await titles(containing: "Cafe\u{301}", books) == ["Café noir", "Café society"])
    #expect(try await titles(containing: "Café", books) == ["Café noir", "Café society"])
    #expect(try await titles(containing: "SOCIETY", books) == ["cafe SOCIETY"])
    #expect(try await titles(containing: "fé", books) == ["Café noir", "Café society"], "short: a scan")
    let syntax = ["\"NEAR\"", "(AND)", "*^", "AND OR", "\"", "say \""]
    for needle in syntax {
      let found = try await books.fetch(
        FetchDescriptor(predicate: #Predicate { ($0.blurb ?? "").contains(needle) || $0.title.contains(needle) }))
      #expect(found.map(\.id) == shelf.filter { ($0.blurb ?? "").contains(needle) }.map(\.id), "\(needle)")
    }
    let plan = try Connection(location: .file(url.path), readOnly: true)
    let translator = PredicateTranslator(table: try SearchBook.entityTable(), modelName: "SearchBook")
    let query = try translator.condition(#Predicate<SearchBook> { $0.title.contains("ciety") })
    #expect(query.sql.contains("MATCH"))
    let explain = try plan.statement("EXPLAIN QUERY PLAN SELECT * FROM \"books\" WHERE \(query.sql)")
    try explain.bind(query.bindings)
    var steps: [String] = []
    while try explain.step() { steps.append(explain.text(at: 3)) }
    explain.reset()
    #expect(steps.contains { $0.contains("VIRTUAL TABLE") }, "\(steps)")
    #expect(!steps.contains { $0.hasPrefix("SCAN books") }, "\(steps)")
  }

  @Test func aStoreGainsTheIndexWhenItsModelDeclaresItAndLosesItWhenItGoes() async throws {
    do {
      let (container, plain) = try open([PlainBook.self], PlainBook.self)
      try await plain.insert([PlainBook(title: "Middlemarch", blurb: "Provincial life"), PlainBook(title: "Emma")])
      try container.close()
    }
    do {
      let (container, books) = try open([SearchBook.self], SearchBook.self)
      #expect(try indexed("march", column: "title").count == 1, "filled from the rows already stored")
      #expect(try await titles(containing: "march", books) == ["Middlemarch"])
      try container.close()
    }
    let (_, plain) = try open([PlainBook.self], PlainBook.self)
    try await plain.insert(PlainBook(title: "Ivanhoe"))
    let connection = try Connection(location: .file(url.path), readOnly: true)
    #expect(try SearchIndex.storedStatements(forTable: "books", on: connection).isEmpty)
  }

  @Test func aHandMadeTriggerOrIndexIsRefused() async throws {
    do {
      let (container, books) = try open([SearchBook.self], SearchBook.self)
      try await books.insert(SearchBook(title: "Dune"))
      try container.close()
    }
    let connection = try Connection(location: .file(url.path), readOnly: false)
    try connection.execute("DROP TRIGGER \"_search_books_update\"")
    #expect(throws: PersistenceError.self) { try open([SearchBook.self], SearchBook.self) }
    try connection.execute("CREATE TRIGGER \"_search_books_update\" AFTER UPDATE ON books BEGIN SELECT 1; END")
    #expect(throws: PersistenceError.self) { try open([SearchBook.self], SearchBook.self) }
  }
}

extension PersistentModel {
  /// The table schema the engine resolves for the model.
  static func entityTable() throws -> TableSchema {
    try Schema([Self.self]).models[0].resolve()
  }
}
