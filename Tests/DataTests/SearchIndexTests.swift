import Foundation
import Repositories
import SQLiteCore
import TestSupport
import Testing

@testable import Persistence

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

  private func titles(containing needle: String, _ books: SQLiteRepository<SearchBookRecord>) async throws -> [String] {
    try await books.fetch(
      FetchDescriptor(predicate: #Predicate { $0.title.contains(needle) }, sortBy: [SortDescriptor(\.title)])
    ).map(\.title)
  }

  @Test func everyWriteKeepsTheIndexInStep() async throws {
    let (container, books) = try open([SearchBookRecord.self, SearchNoteRecord.self], SearchBookRecord.self)
    let notes = try SQLiteRepository<SearchNoteRecord>(container: container)
    var dune = SearchBookRecord(title: "Dune", blurb: "Desert planet")
    let emma = SearchBookRecord(title: "Emma", blurb: nil)
    try await books.insert([dune, emma])
    try await notes.insert(SearchNoteRecord(bookID: dune.id, text: "Spice must flow"))
    #expect(try indexed("Des", column: "blurb").count == 1)
    #expect(try indexed("Spice", column: "text", table: "notes").count == 1)

    dune.title = "Dune Messiah"
    try await books.update(dune)
    #expect(try indexed("Messiah", column: "title").count == 1)
    #expect(try await titles(containing: "Messiah", books) == ["Dune Messiah"])

    try await books.upsert([
      SearchBookRecord(id: emma.id, title: "Emma Woodhouse"), SearchBookRecord(title: "Persuasion"),
    ])
    #expect(try await titles(containing: "Emma", books) == ["Emma Woodhouse"])
    #expect(try await titles(containing: "uasi", books) == ["Persuasion"])

    // Deleting the book deletes its note by cascade, which the notes' index follows.
    try await books.delete(ids: [dune.id])
    #expect(try indexed("Spice", column: "text", table: "notes").isEmpty)
    #expect(try indexed("Dune", column: "title").isEmpty)
    #expect(try await titles(containing: "Dune", books).isEmpty)
  }

  @Test func aRolledBackTransactionLeavesTheIndexAsItWas() async throws {
    let (container, books) = try open([SearchBookRecord.self], SearchBookRecord.self)
    let kept = SearchBookRecord(title: "Kept book")
    try await books.insert(kept)
    let work = try SQLiteUnitOfWork(container: container)
    struct Refusal: Error {}
    await #expect(throws: Refusal.self) {
      try await work.transaction { changes in
        try changes.insert([SearchBookRecord(title: "Lost book")])
        try changes.delete(ids: [kept.id], of: SearchBookRecord.self)
        throw Refusal()
      }
    }
    #expect(try indexed("Lost", column: "title").isEmpty)
    #expect(try indexed("Kept", column: "title").count == 1)
    #expect(try await titles(containing: "book", books) == ["Kept book"])
  }

  @Test func aTransactionFindsTheTextItWroteBeforeTheIndexHasIt() async throws {
    let (container, books) = try open([SearchBookRecord.self], SearchBookRecord.self)
    var kept = SearchBookRecord(title: "Kept book")
    try await books.insert(kept)
    kept.title = "Renamed volume"
    let found = try await SQLiteUnitOfWork(container: container).transaction { changes in
      try changes.insert([SearchBookRecord(title: "New book")])
      try changes.update([kept])
      let search = { (needle: String) in
        try changes.fetch(FetchDescriptor<SearchBookRecord>(predicate: #Predicate { $0.title.contains(needle) }))
          .map(\.title).sorted()
      }
      return [try search("book"), try search("volume")]
    }
    #expect(found == [["New book"], ["Renamed volume"]])
    #expect(try indexed("book", column: "title").count == 1, "flushed when the transaction committed")
    #expect(try await titles(containing: "volume", books) == ["Renamed volume"])
  }

  @Test func containsNarrowsWithTheIndexAndAnswersAsSwift() async throws {
    let (_, books) = try open([SearchBookRecord.self], SearchBookRecord.self)
    let shelf = [
      SearchBookRecord(title: "Café society", blurb: "say \"NEAR\" (AND) *^"), SearchBookRecord(title: "cafe SOCIETY"),
      SearchBookRecord(title: "Cafe\u{301} noir", blurb: "AND OR NOT"),
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
    let translator = PredicateTranslator(table: try SearchBookRecord.entityTable(), modelName: "SearchBookRecord")
    let query = try translator.condition(#Predicate<SearchBookRecord> { $0.title.contains("ciety") })
    #expect(query.sql.contains("MATCH"))
    let explain = try plan.statement("EXPLAIN QUERY PLAN SELECT * FROM \"books\" WHERE \(query.sql)")
    try explain.bind(query.bindings)
    var steps: [String] = []
    while try explain.step() { steps.append(explain.text(at: 3)) }
    explain.reset()
    #expect(steps.contains { $0.contains("VIRTUAL TABLE") }, "\(steps)")
    #expect(!steps.contains { $0.hasPrefix("SCAN books") }, "\(steps)")
    let either = try translator.condition(
      #Predicate<SearchBookRecord> { $0.title.contains("ciety") || $0.title.contains("noir") })
    let orPlan = try plan.statement("EXPLAIN QUERY PLAN SELECT * FROM \"books\" WHERE \(either.sql)")
    try orPlan.bind(either.bindings)
    steps = []
    while try orPlan.step() { steps.append(orPlan.text(at: 3)) }
    orPlan.reset()
    #expect(steps.contains("MULTI-INDEX OR"), "\(steps)")
    #expect(!steps.contains { $0.hasPrefix("SCAN books") }, "\(steps)")
  }

  @Test func aStoreGainsTheIndexWhenItsModelDeclaresItAndLosesItWhenItGoes() async throws {
    do {
      let (container, plain) = try open([PlainBookRecord.self], PlainBookRecord.self)
      try await plain.insert([
        PlainBookRecord(title: "Middlemarch", blurb: "Provincial life"), PlainBookRecord(title: "Emma"),
      ])
      try container.close()
    }
    do {
      let (container, books) = try open([SearchBookRecord.self], SearchBookRecord.self)
      #expect(try indexed("march", column: "title").count == 1, "filled from the rows already stored")
      #expect(try await titles(containing: "march", books) == ["Middlemarch"])
      try container.close()
    }
    let (_, plain) = try open([PlainBookRecord.self], PlainBookRecord.self)
    try await plain.insert(PlainBookRecord(title: "Ivanhoe"))
    let connection = try Connection(location: .file(url.path), readOnly: true)
    #expect(try SearchIndex.storedStatements(forTable: "books", on: connection).isEmpty)
  }

  @Test func aMigrationCreatesAndFillsTheIndexThenDropsItWhenTheDeclarationGoes() async throws {
    let open = { (plan: any SchemaMigrationPlan.Type, models: [any PersistentModel.Type]) in
      try ModelContainer(for: models, migrationPlan: plan, configurations: [ModelConfiguration("Shelf", url: url)])
    }
    do {
      let container = try open(SearchShelfPlanV1.self, SearchShelfV1.models)
      try await SQLiteRepository<PlainBookRecord>(container: container).insert([
        PlainBookRecord(title: "Middlemarch"), PlainBookRecord(title: "Bleak House", blurb: "Fog everywhere"),
      ])
      try container.close()
    }
    do {
      let container = try open(SearchShelfPlanV2.self, SearchShelfV2.models)
      let books = try SQLiteRepository<SearchBookRecord>(container: container)
      #expect(try indexed("Fog", column: "blurb").count == 1, "filled in the migration")
      #expect(try await titles(containing: "march", books) == ["Middlemarch"])
      try await books.insert(SearchBookRecord(title: "Marching on"))
      #expect(try await titles(containing: "March", books) == ["Marching on"])
      try container.close()
    }
    _ = try open(SearchShelfPlanV3.self, SearchShelfV3.models)
    let connection = try Connection(location: .file(url.path), readOnly: true)
    #expect(try SearchIndex.storedStatements(forTable: "books", on: connection).isEmpty)
    #expect(try SchemaDescription.read(from: connection).tables.map(\.name) == ["books"])
  }

  @Test func storeCheckFindsAnIndexOutOfStep() async throws {
    let (container, books) = try open([SearchBookRecord.self], SearchBookRecord.self)
    try await books.insert([SearchBookRecord(title: "Dune"), SearchBookRecord(title: "Emma")])
    try container.close()
    let table = try SearchBookRecord.entityTable()
    let check = { () throws -> [StoreProblem] in
      try SearchIndexCheck(tables: [table], connection: Connection(location: .file(url.path), readOnly: true))
        .problems()
    }
    #expect(try check().isEmpty)
    // A row written by a connection that runs no triggers is missing from the index.
    let foreign = try Connection(location: .file(url.path), readOnly: false)
    try foreign.execute(
      "INSERT INTO books (id, title, blurb, pages) VALUES (x'00112233445566778899aabbccddeeff', 'Ivanhoe', NULL, 0)")
    #expect(
      try check().map(\.description) == [
        "the search index of 'books' is out of step with its rows (1 not indexed, 0 indexed but gone)"
      ])
  }

  @Test func anotherProgramsWriteThroughSQLiteIsFoundAndFlushedByTheNextWrite() async throws {
    let (container, books) = try open([SearchBookRecord.self], SearchBookRecord.self)
    try await books.insert(SearchBookRecord(title: "Dune"))
    // As the sqlite3 shell writes: triggers on, none of the engine's code around it.
    let foreign = try Connection(location: .file(url.path), readOnly: false)
    try foreign.runCheckedTriggers()
    try foreign.execute(
      "INSERT INTO books (id, title, blurb, pages) VALUES (x'00112233445566778899aabbccddeeff', 'Ivanhoe', NULL, 0)")
    #expect(try await titles(containing: "hoe", books) == ["Ivanhoe"], "read from the pending changes")
    try await books.insert(SearchBookRecord(title: "Emma"))
    #expect(try indexed("hoe", column: "title").count == 1, "flushed by the engine's next write")
    try container.close()
  }

  @Test func aHandMadeTriggerOrIndexIsRefused() async throws {
    do {
      let (container, books) = try open([SearchBookRecord.self], SearchBookRecord.self)
      try await books.insert(SearchBookRecord(title: "Dune"))
      try container.close()
    }
    let connection = try Connection(location: .file(url.path), readOnly: false)
    try connection.execute("DROP TRIGGER \"_search_books_update\"")
    #expect(throws: PersistenceError.self) { try open([SearchBookRecord.self], SearchBookRecord.self) }
    try connection.execute("CREATE TRIGGER \"_search_books_update\" AFTER UPDATE ON books BEGIN SELECT 1; END")
    #expect(throws: PersistenceError.self) { try open([SearchBookRecord.self], SearchBookRecord.self) }
  }
}

extension PersistentModel {
  /// The table schema the engine resolves for the model.
  static func entityTable() throws -> TableSchema {
    try Schema([Self.self]).models[0].resolve()
  }
}
