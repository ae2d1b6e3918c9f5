import Foundation
import Repositories
import RepositoryTesting
import SQLValues
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
  /// against the content table), and returns the rowids the index finds holding the needle's
  /// trigrams, in any searchable column.
  private func indexed(_ needle: String, table: String = "books") throws -> Set<Int64> {
    let connection = try Connection(location: .file(url.path), readOnly: false)
    let index = SearchIndex(table: table, columns: [])
    try connection.execute(index.integrityCheckStatement)
    let statement = try connection.statement(
      "SELECT rowid FROM \(index.quotedName) WHERE \(index.quotedName) MATCH ?1")
    defer { statement.reset() }
    try statement.bind([.text(try #require(SearchIndex.trigramQuery(needle)))])
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
    #expect(try indexed("Des").count == 1)
    #expect(try indexed("Spice", table: "notes").count == 1)

    dune.title = "Dune Messiah"
    try await books.update(dune)
    #expect(try indexed("Messiah").count == 1)
    #expect(try await titles(containing: "Messiah", books) == ["Dune Messiah"])

    try await books.upsert([
      SearchBookRecord(id: emma.id, title: "Emma Woodhouse"), SearchBookRecord(title: "Persuasion"),
    ])
    #expect(try await titles(containing: "Emma", books) == ["Emma Woodhouse"])
    #expect(try await titles(containing: "uasi", books) == ["Persuasion"])

    // Deleting the book deletes its note by cascade, which the notes' index follows.
    try await books.delete(ids: [dune.id])
    #expect(try indexed("Spice", table: "notes").isEmpty)
    #expect(try indexed("Dune").isEmpty)
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
    #expect(try indexed("Lost").isEmpty)
    #expect(try indexed("Kept").count == 1)
    #expect(try await titles(containing: "book", books) == ["Kept book"])
  }

  /// The stored text of the table's triggers, by name.
  private func triggers() throws -> [String: String] {
    let connection = try Connection(location: .file(url.path), readOnly: true)
    let statement = try connection.statement("SELECT name, sql FROM sqlite_schema WHERE type = 'trigger'")
    defer { statement.reset() }
    var triggers: [String: String] = [:]
    while try statement.step() { triggers[statement.text(at: 0)] = statement.text(at: 1) }
    return triggers
  }

  /// Batch upserts run without the insert trigger and append what they insert themselves; an
  /// insert by another path between them — even one a savepoint undid — still fires it, and the
  /// trigger is there again, as it was written, when the transaction ends either way.
  @Test func batchUpsertsAndOtherInsertsInOneTransactionAllReachTheIndex() async throws {
    let (container, books) = try open([SearchBookRecord.self], SearchBookRecord.self)
    let dune = SearchBookRecord(title: "Dune")
    try await books.insert(dune)
    let stored = try triggers()
    #expect(stored.count == 3)
    let work = try SQLiteUnitOfWork(container: container)
    let found = try await work.transaction { changes in
      _ = try changes.upsert([
        Upsert(SearchBookRecord(title: "Emma, a novel")), Upsert(SearchBookRecord(title: "Ivanhoe, a novel")),
      ])
      try changes.insert([SearchBookRecord(title: "Middlemarch, a novel")])
      // A failed insert undoes its savepoint, the trigger it gave back included.
      #expect(throws: RepositoryError.self) { try changes.insert([SearchBookRecord(id: dune.id, title: "Twin")]) }
      try changes.insert([SearchBookRecord(title: "Nostromo, a novel")])
      _ = try changes.upsert([Upsert(SearchBookRecord(title: "Persuasion, a novel"))])
      #expect(throws: RepositoryError.self) { try changes.insert([SearchBookRecord(id: dune.id, title: "Twin")]) }
      try changes.upsert([SearchBookRecord(title: "Rebecca, a novel")])
      _ = try changes.upsert([Upsert(SearchBookRecord(id: dune.id, title: "Dune Messiah, a novel"))])
      return try changes.fetch(FetchDescriptor<SearchBookRecord>(predicate: #Predicate { $0.title.contains("novel") }))
        .map(\.title).sorted()
    }
    let titles = [
      "Dune Messiah, a novel", "Emma, a novel", "Ivanhoe, a novel", "Middlemarch, a novel", "Nostromo, a novel",
      "Persuasion, a novel", "Rebecca, a novel",
    ]
    #expect(found == titles)
    for title in titles { #expect(try indexed(title).count == 1, "\(title) is in the index") }
    #expect(try indexed("Twin").isEmpty)
    #expect(try triggers() == stored)
    struct Refusal: Error {}
    await #expect(throws: Refusal.self) {
      try await work.transaction { changes in
        _ = try changes.upsert([Upsert(SearchBookRecord(title: "Lost"))])
        throw Refusal()
      }
    }
    #expect(try triggers() == stored)
    try container.close()
    // The store opens again: its schema is the one the engine writes.
    let (_, reopened) = try open([SearchBookRecord.self], SearchBookRecord.self)
    #expect(try await reopened.fetch(FetchDescriptor<SearchBookRecord>()).count == titles.count)
  }

  /// A batch upsert appends the rows it inserted to the pending changes one run of consecutive
  /// `rowid`s at a time: rows that SQLite placed apart, among others the batch updates, each
  /// reach the index once, with the text they were stored with, and no other row does.
  @Test func aBatchsInsertedRowsReachTheIndexWhereverTheirRowidsFall() async throws {
    let (container, books) = try open([SearchBookRecord.self], SearchBookRecord.self)
    var stored = SearchBookRecord(title: "Stored tome")
    try await books.insert(stored)
    // Past the largest rowid, SQLite places new rows at random free ones.
    let foreign = try Connection(location: .file(url.path), readOnly: false)
    try foreign.runCheckedTriggers()
    try foreign.execute(
      "INSERT INTO books (rowid, id, title, blurb, pages) "
        + "VALUES (9223372036854775807, x'00112233445566778899aabbccddeeff', 'Last tome', NULL, 0)")
    stored.title = "Stored tome, renamed"
    let added = (1...6).map { SearchBookRecord(title: "Added volume \($0)", blurb: "blurb \($0)") }
    let rows = [Upsert(added[0]), Upsert(added[1]), Upsert(stored), Upsert(added[2])] + added[3...].map { Upsert($0) }
    let outcomes = try await SQLiteUnitOfWork(container: container).transaction { try $0.upsert(rows) }
    #expect(outcomes.filter { if case .inserted = $0 { true } else { false } }.count == added.count)
    for book in added {
      #expect(try indexed(book.title).count == 1, "\(book.title) is in the index")
      #expect(try await titles(containing: book.title, books) == [book.title])
    }
    #expect(try indexed("blurb").count == added.count)
    #expect(try indexed("volume").count == added.count)
    #expect(try await titles(containing: "tome", books) == ["Last tome", "Stored tome, renamed"])
    #expect(try SearchIndexCheck(tables: [SearchBookRecord.entityTable()], connection: foreign).problems().isEmpty)
    try container.close()
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
    #expect(try indexed("book").count == 1, "flushed when the transaction committed")
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
    let translator = PredicateTranslator(
      table: try SearchBookRecord.entityTable(), modelName: "SearchBookRecord", dialect: SQLiteDialect())
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

  @Test func aNeedleIsLookedUpByEachOfItsTrigramsEvenlySpreadAndQuoted() throws {
    #expect(SearchIndex.trigramQuery("ab") == nil)
    #expect(SearchIndex.trigramQuery("ab\u{0}c") == nil)
    #expect(SearchIndex.trigramQuery("aaaaa") == #""aaa""#, "a repeated trigram once")
    #expect(SearchIndex.trigramQuery(#"a"b*"#) == #""a""b" AND """b*""#)
    // Scalars, not characters: a combining mark is one of the three, and a quote it follows
    // is still doubled (found by the fuzzer: the FTS5 query failed).
    #expect(
      SearchIndex.trigramQuery("b\"\u{301}")?.unicodeScalars.elementsEqual("\"b\"\"\u{301}\"".unicodeScalars) == true)
    #expect(SearchIndex.trigramQuery("e\u{301}te") == "\"e\u{301}t\" AND \"\u{301}te\"")
    let long = (0..<40).map { String(UnicodeScalar(UInt8(65 + $0 % 26))) }.joined()
    let terms = try #require(SearchIndex.trigramQuery(long)).components(separatedBy: " AND ")
    #expect(terms.count == SearchIndex.mostTrigrams)
    #expect(terms.first == #""ABC""# && terms.last == #""LMN""#)
  }

  /// Replaces the stored index of the books with one in the form indexes had before
  /// `detail=none` (FTS5's default, keeping positions), filled from the rows.
  private func storeEarlierIndex() throws {
    let connection = try Connection(location: .file(url.path), readOnly: false)
    let earlier = SearchIndex(table: "books", columns: ["title", "blurb"], keepsPositions: true)
    try connection.writeTransaction {
      try connection.execute("DROP TABLE \(earlier.quotedName)")
      try connection.execute(earlier.virtualTableStatement)
      try connection.execute(earlier.fillStatement)
    }
    try connection.close()
  }

  @Test func anIndexOfTheEarlierFormNarrowsReadsAndIsBuiltAgainByAWritableOpen() async throws {
    do {
      let (container, books) = try open([SearchBookRecord.self], SearchBookRecord.self)
      try await books.insert([SearchBookRecord(title: "Middlemarch"), SearchBookRecord(title: "Persuasion")])
      try container.close()
    }
    try storeEarlierIndex()
    let current = try #require(SearchIndex(try SearchBookRecord.entityTable()))
    do {
      let container = try ModelContainer(
        for: SearchBookRecord.self, configurations: ModelConfiguration("Books", url: url, allowsSave: false))
      let books = try SQLiteRepository<SearchBookRecord>(container: container)
      #expect(try await titles(containing: "ddlema", books) == ["Middlemarch"])
      try container.close()
    }
    let earlier = try Connection(location: .file(url.path), readOnly: true)
    #expect(try SearchIndex.storedStatements(forTable: "books", on: earlier) != current.createStatements)
    try earlier.close()
    let (_, books) = try open([SearchBookRecord.self], SearchBookRecord.self)
    let connection = try Connection(location: .file(url.path), readOnly: true)
    #expect(try SearchIndex.storedStatements(forTable: "books", on: connection) == current.createStatements)
    #expect(try indexed("uasio").count == 1)
    #expect(try await titles(containing: "ddlema", books) == ["Middlemarch"])
  }

  @Test func aVersionedStoreOfTheLatestVersionGetsTheCurrentFormWhenOpenedWritable() async throws {
    let open = {
      try ModelContainer(
        for: SearchShelfV2.models, migrationPlan: SearchShelfPlanV2.self,
        configurations: [ModelConfiguration("Shelf", url: url)])
    }
    do {
      let container = try open()
      try await SQLiteRepository<SearchBookRecord>(container: container).insert(SearchBookRecord(title: "Emma"))
      try container.close()
    }
    try storeEarlierIndex()
    let books = try SQLiteRepository<SearchBookRecord>(container: try open())
    let connection = try Connection(location: .file(url.path), readOnly: true)
    let current = try #require(SearchIndex(try SearchBookRecord.entityTable()))
    #expect(try SearchIndex.storedStatements(forTable: "books", on: connection) == current.createStatements)
    #expect(try await titles(containing: "Emm", books) == ["Emma"])
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
      #expect(try indexed("march").count == 1, "filled from the rows already stored")
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
      #expect(try indexed("Fog").count == 1, "filled in the migration")
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

  @Test func deletingEveryRowEmptiesTheIndexAtOnceAndKeepsItInStep() async throws {
    let (container, books) = try open([SearchBookRecord.self, SearchNoteRecord.self], SearchBookRecord.self)
    let dune = SearchBookRecord(title: "Dune", blurb: "Desert planet")
    try await books.insert([dune, SearchBookRecord(title: "Emma")])
    try await SQLiteRepository<SearchNoteRecord>(container: container).insert(
      SearchNoteRecord(bookID: dune.id, text: "Spice must flow"))
    #expect(try await books.deleteAll() == 2)
    // The notes went by cascade, through their own trigger.
    #expect(try indexed("Dune").isEmpty && indexed("Spice", table: "notes").isEmpty)
    let connection = try Connection(location: .file(url.path), readOnly: true)
    let index = try #require(SearchIndex(try SearchBookRecord.entityTable()))
    #expect(try SearchIndex.storedStatements(forTable: "books", on: connection) == index.createStatements)
    let tables = [try SearchBookRecord.entityTable(), try SearchNoteRecord.entityTable()]
    #expect(try SearchIndexCheck(tables: tables, connection: connection).problems().isEmpty)

    // A row written earlier in the transaction, still pending, goes too (a context's batch
    // delete runs after its inserts); a row written afterwards is found.
    let context = try ModelContext(container)
    context.insert(SearchBookRecord(title: "Pending book"))
    try context.delete(model: SearchBookRecord.self)
    try context.save()
    try await books.insert(SearchBookRecord(title: "Persuasion"))
    #expect(try await titles(containing: "book", books).isEmpty)
    #expect(try await titles(containing: "uasi", books) == ["Persuasion"])
    #expect(try indexed("uasi").count == 1 && indexed("book").isEmpty)
    #expect(try SearchIndexCheck(tables: tables, connection: connection).problems().isEmpty)
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
    #expect(try indexed("hoe").count == 1, "flushed by the engine's next write")
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
