import Foundation
import Persistence
import PostgresCore
import Repositories
import Testing

/// Versioned schemas and migrations on PostgreSQL: the SQLite migration tests' counterparts,
/// each on a fresh schema of the throwaway server.
@Suite(.needsPostgreSQL)
struct PostgresMigrationTests {
  let url: String

  init() throws {
    url = try PostgresTestServer.makeSchema()
  }

  /// A store of the notebook at a plan's latest version.
  private func open(
    _ plan: any SchemaMigrationPlan.Type, at url: String? = nil
  ) async throws(PersistenceError) -> PostgresStore {
    try await PostgresStore(
      url: url ?? self.url, for: plan.schemas[plan.schemas.count - 1].models, migrationPlan: plan, poolSize: 2)
  }

  /// A version 1 notebook holding these notes and one folder.
  private func versionOne(_ notes: [NoteV1]) async throws {
    let store = try await open(NotebookPlanV1.self)
    try await PostgresRepository<NoteV1>(store: store).insert(notes)
    try await PostgresRepository<FolderV1>(store: store).insert(FolderV1(name: "Desk"))
  }

  /// The version the database records, or `nil` when it has no record.
  private func recordedVersion() throws -> String? {
    let connection = try PostgresConnection(url: url)
    guard try connection.query(#"SELECT to_regclass('"_schema_version"') IS NOT NULL"#).bool(row: 0, column: 0) == true
    else { return nil }
    return try connection.query(#"SELECT version FROM "_schema_version""#).text(row: 0, column: 0)
  }

  /// The schema's tables, columns, indexes, constraints and triggers, each as a line, sorted.
  private func shape(at url: String) throws -> [String] {
    let result = try PostgresConnection(url: url).query(
      """
      SELECT 'column ' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod) \
      || CASE WHEN a.attnotnull THEN ' not null' ELSE '' END || coalesce(' collate ' || co.collname, '') \
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid \
      LEFT JOIN pg_collation co ON co.oid = a.attcollation AND a.attcollation <> 0 \
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r' AND a.attnum > 0 \
      AND NOT a.attisdropped \
      UNION ALL SELECT 'index ' || replace(indexdef, current_schema() || '.', '') FROM pg_indexes \
      WHERE schemaname = current_schema() \
      UNION ALL SELECT 'constraint ' || conrelid::regclass::text || ' ' || pg_get_constraintdef(oid) \
      FROM pg_constraint WHERE connamespace = current_schema()::regnamespace \
      UNION ALL SELECT 'trigger ' || replace(pg_get_triggerdef(t.oid), current_schema() || '.', '') \
      FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid \
      WHERE NOT t.tgisinternal AND c.relnamespace = current_schema()::regnamespace \
      UNION ALL SELECT 'function ' || proname || ' ' || md5(prosrc) FROM pg_proc \
      WHERE pronamespace = current_schema()::regnamespace ORDER BY 1
      """)
    return (0..<result.count).compactMap { result.text(row: $0, column: 0) }
  }

  @Test func aNewDatabaseIsCreatedAtTheLatestVersionAndRecordsIt() async throws {
    _ = try await open(NotebookPlanV3.self)
    #expect(try recordedVersion() == "3.0.0")
    #expect(try shape(at: url).contains("column notes.words bigint"))
  }

  @Test func versionOneToTwoToThreeKeepsEveryRowAndEndsLikeAFreshDatabase() async throws {
    let dune = NoteV1(title: "Dune", words: 412)
    let emma = NoteV1(title: "Emma", words: 474)
    try await versionOne([dune, emma])

    let two = try await open(NotebookPlanV2.self)
    #expect(try recordedVersion() == "2.0.0")
    let notes = try await PostgresRepository<NoteV2>(store: two).fetch(
      FetchDescriptor(sortBy: [SortDescriptor(\.heading)]))
    #expect(
      notes == [
        NoteV2(id: dune.id, heading: "Dune", words: 412, stars: nil, language: "en"),
        NoteV2(id: emma.id, heading: "Emma", words: 474, stars: nil, language: "en"),
      ])
    try await PostgresRepository<LabelV2>(store: two).insert(LabelV2(noteID: dune.id, text: "sand"))

    let three = try await open(NotebookPlanV3.self)
    #expect(try recordedVersion() == "3.0.0")
    let migrated = try await PostgresRepository<NoteV3>(store: three).fetch(
      FetchDescriptor(sortBy: [SortDescriptor(\.heading)]))
    #expect(migrated.map(\.heading) == ["Dune", "Emma"])
    #expect(migrated.map(\.words) == [412, 474])
    try await PostgresRepository<NoteV3>(store: three).insert(NoteV3(heading: "Kim", words: nil, language: "en"))
    // Version 3 denies deleting a note that has labels.
    await #expect(throws: RepositoryError.self) {
      try await PostgresRepository<NoteV3>(store: three).delete(id: dune.id)
    }

    let fresh = try PostgresTestServer.makeSchema()
    _ = try await open(NotebookPlanV3.self, at: fresh)
    #expect(try shape(at: url) == shape(at: fresh), "columns, indexes, constraints, triggers and functions")
  }

  @Test func theHistoryRecordsTheMigratedColumnsAndNotTheMigration() async throws {
    let dune = NoteV1(title: "Dune", words: 412)
    try await versionOne([dune])
    let two = try await open(NotebookPlanV2.self)
    // Read until complete — version one's two inserts, the notes' and the folder's: other
    // suites' transactions on the server hold newer commits back.
    let before = try await PostgresHistoryTests.history(of: two, count: 2)
    var note = try #require(try await PostgresRepository<NoteV2>(store: two).fetch(id: dune.id))
    note.stars = 4
    try await PostgresRepository<NoteV2>(store: two).update(note)
    let after = try await PostgresHistoryTests.history(of: two, count: before.count + 1)
    let changes = after.dropFirst(before.count).flatMap(\.changes)
    #expect(changes.count == 1, "the migration itself recorded nothing")
    #expect(changes.first?.model == "NoteV2")
    #expect(changes.first?.updatedAttributes == ["stars"])
  }

  @Test func aCustomStageRewritesValuesInBothShapes() async throws {
    try await versionOne([
      NoteV1(title: "Dune", words: 412), NoteV1(title: "Dune", words: 900), NoteV1(title: "Emma", words: 250),
    ])
    let store = try await open(NotebookCustomPlan.self)
    let notes = try await PostgresRepository<NoteV2>(store: store).fetch(
      FetchDescriptor(sortBy: [SortDescriptor(\.heading)]))
    #expect(notes.map(\.heading) == ["Dune", "Emma"], "the later Dune was deleted before titles became unique")
    #expect(notes.map(\.words) == [412, 250])
    #expect(notes.map(\.stars) == [4, 2])
    #expect(try recordedVersion() == "2.0.0")
  }

  @Test func aCustomStageFiltersByReferenceOverItsOwnVersionsTables() async throws {
    let two = try await open(NotebookPlanV2.self)
    let (dune, emma) = (
      NoteV2(heading: "Dune", words: 1, language: "en"), NoteV2(heading: "Emma", words: 2, language: "en")
    )
    try await PostgresRepository<NoteV2>(store: two).insert([dune, emma])
    try await PostgresRepository<LabelV2>(store: two).insert([
      LabelV2(noteID: dune.id, text: "spoiler"), LabelV2(noteID: emma.id, text: "classic"),
    ])
    let three = try await open(NotebookSpoilerPlan.self)
    #expect(try await PostgresRepository<NoteV3>(store: three).fetchAll().map(\.heading) == ["Emma"])
    #expect(try await PostgresRepository<LabelV3>(store: three).fetchAll().map(\.text) == ["classic"])
  }

  @Test func aFailingStageLeavesTheDatabaseExactlyAsItWas() async throws {
    try await versionOne([NoteV1(title: "Dune", words: 412)])
    let before = try shape(at: url)
    let error = await #expect(throws: PersistenceError.self) { _ = try await open(NotebookFailingPlan.self) }
    #expect("\(error.map { "\($0)" } ?? "")".contains("the notebook refuses to move"))
    #expect(try shape(at: url) == before, "tables, columns, indexes and triggers")
    #expect(try recordedVersion() == "1.0.0")
    let store = try await open(NotebookPlanV1.self)
    #expect(try await PostgresRepository<NoteV1>(store: store).fetchAll().map(\.title) == ["Dune"])
    #expect(try await PostgresRepository<FolderV1>(store: store).fetchAll().map(\.name) == ["Desk"])
  }

  @Test func aUniqueConstraintTheRowsBreakIsRefusedNamingThem() async throws {
    try await versionOne([NoteV1(title: "Dune", words: 412), NoteV1(title: "Dune", words: 900)])
    let error = await #expect(throws: PersistenceError.self) { _ = try await open(NotebookPlanV2.self) }
    #expect("\(error.map { "\($0)" } ?? "")".contains("2 stored rows share ('Dune')"))
    #expect(try recordedVersion() == "1.0.0")
  }

  @Test func twoStoresOpeningAnOldDatabaseAtOnceMigrateItOnce() async throws {
    try await versionOne([NoteV1(title: "Dune", words: 412)])
    async let first = open(NotebookCustomPlan.self)
    async let second = open(NotebookCustomPlan.self)
    let stores = try await [first, second]
    let runs = try PostgresConnection(url: url).query("SELECT count(*) FROM stage_runs")
    #expect(runs.int64(row: 0, column: 0) == 1)
    for store in stores {
      #expect(try await PostgresRepository<NoteV2>(store: store).fetchAll().map(\.stars) == [4])
    }
  }

  @Test func aNewerVersionIsRefusedAndLeftAsItWas() async throws {
    _ = try await open(NotebookPlanV3.self)
    let before = try shape(at: url)
    let error = await #expect(throws: PersistenceError.self) { _ = try await open(NotebookPlanV2.self) }
    #expect("\(error.map { "\($0)" } ?? "")".contains("version 3.0.0, newer than this app's 2.0.0"))
    #expect(try shape(at: url) == before)
    #expect(try recordedVersion() == "3.0.0")
  }

  @Test func aDatabaseWithoutARecordIsStampedWhenItsTablesAreTheLatestVersions() async throws {
    // Made without a plan, as stores were before PostgreSQL kept versions.
    let unversioned = try await PostgresStore(url: url, for: NotebookV2.models, poolSize: 1)
    try await PostgresRepository<NoteV2>(store: unversioned).insert(NoteV2(heading: "Dune", words: 1, language: "en"))
    #expect(try recordedVersion() == nil)
    let store = try await open(NotebookPlanV2.self)
    #expect(try recordedVersion() == "2.0.0")
    #expect(try await PostgresRepository<NoteV2>(store: store).fetchAll().map(\.heading) == ["Dune"])
  }

  @Test func aDatabaseWithoutARecordOfAnOlderVersionIsRecognizedAndMigrated() async throws {
    let unversioned = try await PostgresStore(url: url, for: NotebookV1.models, poolSize: 1)
    try await PostgresRepository<NoteV1>(store: unversioned).insert(NoteV1(title: "Dune", words: 1))
    let store = try await open(NotebookPlanV2.self)
    #expect(try await PostgresRepository<NoteV2>(store: store).fetchAll().map(\.heading) == ["Dune"])
    #expect(try recordedVersion() == "2.0.0")
  }

  @Test func aDatabaseWithoutARecordIsTheNewestVersionWhoseRelationshipsItHas() async throws {
    // Versions 5 and 6 differ only in a delete rule: version 5's tables are migrated, not
    // stamped as version 6.
    let unversioned = try await PostgresStore(url: url, for: PinsV5.models, poolSize: 1)
    let dune = NoteV2(heading: "Dune", words: 1, language: "en")
    try await PostgresRepository<NoteV2>(store: unversioned).insert(dune)
    try await PostgresRepository<PinV5>(store: unversioned).insert(PinV5(noteID: dune.id))
    let store = try await open(PinsPlan.self)
    #expect(try recordedVersion() == "6.0.0")
    await #expect(throws: RepositoryError.self) {
      try await PostgresRepository<NoteV2>(store: store).delete(id: dune.id)
    }
    #expect(try await PostgresRepository<PinV6>(store: store).fetchCount(FetchDescriptor()) == 1)
  }

  @Test func aDatabaseWithoutARecordOfNoKnownShapeIsRefusedNamingTheDifferences() async throws {
    let connection = try PostgresConnection(url: url)
    try connection.execute("CREATE TABLE notes (id uuid PRIMARY KEY, body text)")
    let error = await #expect(throws: PersistenceError.self) { _ = try await open(NotebookPlanV2.self) }
    let message = "\(error.map { "\($0)" } ?? "")"
    #expect(message.contains("table notes: it has no column 'heading'"))
    #expect(message.contains("it has a column 'body' the model does not declare"))
    #expect(try recordedVersion() == nil)
    #expect(try connection.query("SELECT to_regclass('labels') IS NULL").bool(row: 0, column: 0) == true)
  }

  @Test func aNewRequiredAttributeWithoutADefaultIsRefused() async throws {
    struct NoteStrict: PersistentModel {
      var id = UUID()
      var title: String
      var words: Int
      var mood: String
      static let entity = Entity<NoteStrict>(table: "notes", indexes: [Entity.Index(\.title)])
    }
    enum Strict: VersionedSchema {
      static let versionIdentifier = Schema.Version(2, 0, 0)
      static let models: [any PersistentModel.Type] = [NoteStrict.self, FolderV1.self]
    }
    enum StrictPlan: SchemaMigrationPlan {
      static let schemas: [any VersionedSchema.Type] = [NotebookV1.self, Strict.self]
      static let stages: [MigrationStage] = []
    }
    try await versionOne([NoteV1(title: "Dune", words: 1)])
    let error = await #expect(throws: PersistenceError.self) { _ = try await open(StrictPlan.self) }
    #expect("\(error.map { "\($0)" } ?? "")".contains("notes.mood is new and not optional"))
    #expect(try recordedVersion() == "1.0.0")
  }

  @Test func anOptionalAttributeMadeRequiredGetsItsDefaultWhereItWasNil() async throws {
    struct NoteRated: PersistentModel, Hashable {
      var id = UUID()
      var heading: String
      var words: Int
      var stars: Int
      var language: String
      static let entity = Entity<NoteRated>(
        table: "notes", unique: [Entity.Unique(\.heading)], defaults: [Entity.Default(\.stars, 0)])
    }
    enum Rated: VersionedSchema {
      static let versionIdentifier = Schema.Version(3, 0, 0)
      static let models: [any PersistentModel.Type] = [NoteRated.self, LabelV2.self]
    }
    enum RatedPlan: SchemaMigrationPlan {
      static let schemas: [any VersionedSchema.Type] = [NotebookV1.self, NotebookV2.self, Rated.self]
      static let stages: [MigrationStage] = []
    }
    let two = try await open(NotebookPlanV2.self)
    try await PostgresRepository<NoteV2>(store: two).insert([
      NoteV2(heading: "Dune", words: 1, stars: nil, language: "en"),
      NoteV2(heading: "Emma", words: 2, stars: 3, language: "en"),
    ])
    let rated = try await open(RatedPlan.self)
    let notes = try await PostgresRepository<NoteRated>(store: rated).fetch(
      FetchDescriptor(sortBy: [SortDescriptor(\.heading)]))
    #expect(notes.map(\.stars) == [0, 3])
    #expect(try shape(at: url).contains("column notes.stars bigint not null"))
  }

  @Test func anInspectionReadsTheVersionAndChangesNothing() async throws {
    let empty = try await PostgresStoreInspection(url: url, plan: NotebookPlanV2.self)
    #expect(empty.version == Schema.Version(2, 0, 0))
    #expect(empty.addedModels.sorted() == ["LabelV2", "NoteV2"])
    #expect(empty.problems.isEmpty)
    #expect(try shape(at: url).isEmpty, "reading made no table")

    try await versionOne([NoteV1(title: "Dune", words: 1)])
    let old = try await PostgresStoreInspection(url: url, plan: NotebookPlanV2.self)
    #expect(old.version == Schema.Version(1, 0, 0))
    #expect(old.needsMigration)
    #expect(old.rowCounts == ["notes": 1, "folders": 1])
    #expect(old.problems.isEmpty)
    #expect(!old.displayURL.contains("options"))

    try PostgresConnection(url: url).execute(#"DROP INDEX "notes_title""#)
    let damaged = try await PostgresStoreInspection(url: url, plan: NotebookPlanV2.self)
    #expect(damaged.problems.map(\.description) == ["table notes lacks its index notes_title"])
    #expect(try recordedVersion() == "1.0.0")
    // An index of the declared name on other columns is not the declared one.
    try PostgresConnection(url: url).execute(#"CREATE INDEX "notes_title" ON "notes" ("words" DESC)"#)
    let moved = try await PostgresStoreInspection(url: url, plan: NotebookPlanV2.self)
    #expect(moved.problems.map(\.description) == ["table notes's index notes_title is on (words DESC), not (title)"])
  }

  @Test func aPrimaryKeyMovedToAnotherAttributeIdentifiesTheRowsAfter() async throws {
    struct CountryV1: PersistentModel, Hashable {
      var id = UUID()
      var code: String
      var name: String
      static let entity = Entity<CountryV1>(table: "countries")
    }
    struct CountryV2: PersistentModel, Hashable {
      var code: String
      var name: String
      var id: String { code }
      static let entity = Entity<CountryV2>(table: "countries", primaryKey: \.code)
    }
    enum One: VersionedSchema {
      static let versionIdentifier = Schema.Version(1, 0, 0)
      static let models: [any PersistentModel.Type] = [CountryV1.self]
    }
    enum Two: VersionedSchema {
      static let versionIdentifier = Schema.Version(2, 0, 0)
      static let models: [any PersistentModel.Type] = [CountryV2.self]
    }
    enum PlanOne: SchemaMigrationPlan {
      static let schemas: [any VersionedSchema.Type] = [One.self]
      static let stages: [MigrationStage] = []
    }
    enum PlanTwo: SchemaMigrationPlan {
      static let schemas: [any VersionedSchema.Type] = [One.self, Two.self]
      static let stages: [MigrationStage] = []
    }
    try await PostgresRepository<CountryV1>(store: try await open(PlanOne.self)).insert(
      CountryV1(code: "FR", name: "France"))
    let countries = try PostgresRepository<CountryV2>(store: try await open(PlanTwo.self))
    #expect(try await countries.fetch(id: "FR")?.name == "France")
    await #expect(throws: RepositoryError.self) { try await countries.insert(CountryV2(code: "FR", name: "Again")) }
    let fresh = try PostgresTestServer.makeSchema()
    _ = try await open(PlanTwo.self, at: fresh)
    #expect(try shape(at: url) == shape(at: fresh))
  }

  @Test func modelsThatAreNotThePlansLatestAreRefused() async throws {
    await #expect(throws: PersistenceError.self) {
      _ = try await PostgresStore(url: url, for: NotebookV1.models, migrationPlan: NotebookPlanV2.self, poolSize: 1)
    }
  }
}
