import Foundation
import Repositories
import RepositoryTesting
import SQLValues
import SQLiteCore
import TestSupport
import Testing

@testable import Persistence

/// A model added to the latest version of a plan, with no version of its own: the next writable
/// open creates its table and indexes in one transaction and records the schema again.
@Suite("Models added to a schema version")
struct AddedModelTests {
  let folder: TemporaryDirectory
  let url: URL

  init() throws {
    folder = try TemporaryDirectory()
    url = folder.file("ledger.store")
  }

  /// A store of the ledger before notes were added, holding two entries, closed again.
  private func storeBefore() async throws -> [LedgerEntryRecord] {
    let container = try ModelContainer(
      for: LedgerBefore.models, migrationPlan: LedgerPlanBefore.self,
      configurations: [ModelConfiguration("Ledger", url: url)])
    let entries = [LedgerEntryRecord(title: "Rent"), LedgerEntryRecord(title: "Food")]
    try await SQLiteRepository<LedgerEntryRecord>(container: container).insert(entries)
    try container.close()
    return entries
  }

  private func openAfter(allowsSave: Bool = true) throws -> ModelContainer {
    try ModelContainer(
      for: LedgerAfter.models, migrationPlan: LedgerPlanAfter.self,
      configurations: [ModelConfiguration("Ledger", url: url, allowsSave: allowsSave)])
  }

  private func connection() throws -> Connection {
    try Connection(location: .file(url.path), readOnly: true)
  }

  private func tableNames() throws -> [String] {
    try SchemaDescription.read(from: connection()).tables.map(\.name)
  }

  /// The record's fields and SQLite's schema cookie, which every change of the schema bumps.
  private func schemaState() throws -> (record: SchemaRecord?, recorded: Double, cookie: Int64) {
    let connection = try connection()
    let recorded = try connection.statement("SELECT recorded FROM \(SchemaRecord.table)")
    let cookie = try connection.statement("PRAGMA schema_version")
    guard try recorded.step(), try cookie.step() else { throw PersistenceError.invalidSchema("no record") }
    defer {
      recorded.reset()
      cookie.reset()
    }
    return (try SchemaRecord.read(from: connection, path: url.path), recorded.double(at: 0), cookie.int64(at: 0))
  }

  @Test func theAddedModelsTableIsCreatedAndUsableAndTheRowsStayAsTheyWere() async throws {
    let entries = try await storeBefore()
    #expect(try tableNames() == ["entries"])
    let container = try openAfter()
    #expect(try tableNames() == ["entries", "notes"])
    let fresh = folder.file("fresh.store")
    _ = try ModelContainer(
      for: LedgerAfter.models, migrationPlan: LedgerPlanAfter.self,
      configurations: [ModelConfiguration("Fresh", url: fresh)])
    let created = try SchemaDescription.read(from: Connection(location: .file(fresh.path), readOnly: true))
    #expect(try SchemaDescription.read(from: connection()) == created, "columns, indexes, unique and references")
    let record = try #require(try schemaState().record)
    #expect(record.version == Schema.Version(1, 0, 0))
    #expect(record.fingerprint == created.fingerprint, "recorded in the same transaction")
    let stored = try await SQLiteRepository<LedgerEntryRecord>(container: container).fetch(
      FetchDescriptor(sortBy: [SortDescriptor(\.title)]))
    #expect(stored == entries.sorted { $0.title < $1.title })
    let notes = try SQLiteRepository<LedgerNoteRecord>(container: container)
    try await notes.insert(LedgerNoteRecord(entryID: entries[0].id, text: "monthly", pinned: true))
    #expect(try await notes.fetch(FetchDescriptor(predicate: #Predicate { $0.pinned })).map(\.text) == ["monthly"])
    await #expect(throws: RepositoryError.self, "the unique constraint holds") {
      try await notes.insert(LedgerNoteRecord(entryID: entries[1].id, text: "monthly", pinned: false))
    }
    try await SQLiteRepository<LedgerEntryRecord>(container: container).delete(entries[0])
    #expect(try await notes.fetchCount(FetchDescriptor()) == 0, "the reference cascades")
  }

  @Test func reopeningChangesNothing() async throws {
    _ = try await storeBefore()
    try openAfter().close()
    let before = try schemaState()
    try openAfter().close()
    let after = try schemaState()
    #expect(after.record == before.record)
    #expect(after.recorded == before.recorded, "the record was not written again")
    #expect(after.cookie == before.cookie, "no table or index was created")
  }

  @Test func aReadOnlyOpenIsRefusedAndCreatesNothing() async throws {
    _ = try await storeBefore()
    let before = try schemaState()
    #expect(
      throws: PersistenceError.cannotOpen(
        path: url.path,
        reason:
          "it lacks the tables of LedgerNoteRecord, added to version 1.0.0, which only a writable open creates, "
          + "but it is read-only")
    ) {
      _ = try openAfter(allowsSave: false)
    }
    #expect(try tableNames() == ["entries"])
    #expect(try schemaState().cookie == before.cookie)
    let inspection = try StoreInspection(url: url, plan: LedgerPlanAfter.self)
    #expect(inspection.addedModels == ["LedgerNoteRecord"])
    #expect(!inspection.needsMigration)
    let problems = try inspection.check()
    #expect(problems.isEmpty, "a store waiting for an added model's table is sound: \(problems)")
  }

  @Test func aTableTheEngineDidNotCreateIsNeverTaken() async throws {
    _ = try await storeBefore()
    // Another program made a table of that name, defined exactly as the engine would.
    let writer = try Connection(location: .file(url.path), readOnly: false)
    let notes = try Schema([LedgerNoteRecord.self]).models[0].resolve()
    for statement in notes.createStatements { try writer.execute(statement) }
    try writer.execute("PRAGMA foreign_keys = OFF")
    try writer.execute(
      "INSERT INTO notes (id, entryID, text, pinned) VALUES (randomblob(16), randomblob(16), 'theirs', 0)")
    try writer.close()
    let before = try Data(contentsOf: url)
    #expect {
      _ = try openAfter()
    } throws: { error in
      guard case PersistenceError.cannotOpen(_, let reason) = error else { return false }
      return reason.contains("a table the engine did not create") && reason.contains("LedgerNoteRecord ('notes')")
    }
    #expect(try Data(contentsOf: url) == before, "the store, their table and its row untouched")
  }

  @Test func aModelCannotUseTheEnginesOwnTables() {
    #expect(
      throws: PersistenceError.invalidSchema(
        "the table name '_History_Transactions' is reserved for the engine's own tables; give the model another")
    ) {
      _ = try ModelContainer(
        for: [LedgerReservedRecord.self], configurations: [ModelConfiguration(isStoredInMemoryOnly: true)])
    }
  }

  @Test func containersOpeningAtOnceCreateTheTableOnce() async throws {
    _ = try await storeBefore()
    let url = url
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          let container = try ModelContainer(
            for: LedgerAfter.models, migrationPlan: LedgerPlanAfter.self,
            configurations: [ModelConfiguration("Ledger", url: url)])
          try container.close()
        }
      }
      try await group.waitForAll()
    }
    #expect(try tableNames() == ["entries", "notes"])
    #expect(try schemaState().record?.fingerprint == SchemaDescription.read(from: connection()).fingerprint)
  }

  @Test func aModelAddedToAnOlderVersionIsCreatedBeforeTheMigration() async throws {
    let entries = try await storeBefore()
    let container = try ModelContainer(
      for: LedgerV2.models, migrationPlan: LedgerPlanV2.self, configurations: [ModelConfiguration("Ledger", url: url)])
    #expect(try tableNames() == ["entries", "notes"])
    #expect(try schemaState().record?.version == Schema.Version(2, 0, 0))
    let migrated = try await SQLiteRepository<LedgerEntryV2Record>(container: container).fetch(FetchDescriptor())
    #expect(Set(migrated.map(\.id)) == Set(entries.map(\.id)))
    try await SQLiteRepository<LedgerNoteRecord>(container: container).insert(
      LedgerNoteRecord(entryID: entries[0].id, text: "due", pinned: false))
  }
}
