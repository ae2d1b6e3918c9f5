import Foundation
import Repositories
import RepositoryTesting
import SQLValues
import SQLiteCore
import TestSupport
import Testing

@testable import Persistence

/// A store's tables are recognized by their structure and their constraint clauses, not by the
/// text that created them: tables the engine made (under any generator, grown by `ADD COLUMN`,
/// with attributes named like SQL keywords) open; clauses it never writes are refused.
@Suite("Table definitions")
struct TableDefinitionTests {
  let folder: TemporaryDirectory
  let url: URL

  init() throws {
    folder = try TemporaryDirectory()
    url = folder.file("words.store")
  }

  /// A model whose attributes are named like the keywords the check looks for.
  struct Word: PersistentModel, Hashable {
    var id = UUID()
    var check: String
    var `as`: String
    var `default`: Int
    var collate: String?
    static let entity = Entity<Word>(table: "words", indexes: [Entity.Index(\.as)], unique: [Entity.Unique(\.check)])
  }

  enum WordsV1: VersionedSchema {
    static let versionIdentifier = Schema.Version(1, 0, 0)
    static let models: [any PersistentModel.Type] = [Word.self]
  }

  enum WordsPlan: SchemaMigrationPlan {
    static let schemas: [any VersionedSchema.Type] = [WordsV1.self]
    static let stages: [MigrationStage] = []
  }

  private func open(plan: Bool = true) throws -> ModelContainer {
    try ModelContainer(
      for: [Word.self], migrationPlan: plan ? WordsPlan.self : nil,
      configurations: [ModelConfiguration("Words", url: url)])
  }

  @Test func attributesNamedLikeKeywordsOpenAgainWithAndWithoutAPlan() async throws {
    try await SQLiteRepository<Word>(container: try open()).insert(Word(check: "a", as: "b", default: 1))
    #expect(try await SQLiteRepository<Word>(container: try open()).fetchCount(FetchDescriptor()) == 1)
    #expect(try await SQLiteRepository<Word>(container: try open(plan: false)).fetchCount(FetchDescriptor()) == 1)
    #expect(try StoreCheck(url: url, plan: WordsPlan.self).problems.isEmpty)
  }

  @Test func aTableWrittenByAnotherGeneratorAndGrownByAddColumnOpens() async throws {
    try await SQLiteRepository<Word>(container: try open()).insert(Word(check: "a", as: "b", default: 1))
    let connection = try Connection(location: .file(url.path), readOnly: false)
    try connection.execute(
      """
      BEGIN;
      create table [rebuilt] ( -- other quoting, spacing and case; "collate" comes later
        `id` blob not null primary key, 'check' text not null, [as] text not null, "default" integer not null
      ) strict;
      INSERT INTO rebuilt SELECT id, "check", "as", "default" FROM words;
      DROP TABLE words;
      ALTER TABLE rebuilt RENAME TO words;
      ALTER TABLE words ADD COLUMN "collate" TEXT /* CHECK (0) in a comment */;
      CREATE UNIQUE INDEX "words_check_unique" ON "words" ("check");
      CREATE INDEX "words_as" ON "words" ("as");
      COMMIT;
      """)
    #expect(try await SQLiteRepository<Word>(container: try open()).fetch(FetchDescriptor()).map(\.check) == ["a"])
  }

  @Test func aClauseTheEngineNeverWritesIsRefusedNamingTheTable() async throws {
    try await SQLiteRepository<Word>(container: try open()).insert(Word(check: "a", as: "b", default: 1))
    let connection = try Connection(location: .file(url.path), readOnly: false)
    try connection.execute(
      """
      BEGIN;
      CREATE TABLE rebuilt ("id" BLOB NOT NULL PRIMARY KEY, "check" TEXT NOT NULL, "as" TEXT NOT NULL,
        "default" INTEGER NOT NULL, "collate" TEXT, CHECK ("default" > 0)) STRICT;
      INSERT INTO rebuilt SELECT * FROM words;
      DROP TABLE words;
      ALTER TABLE rebuilt RENAME TO words;
      CREATE UNIQUE INDEX "words_check_unique" ON "words" ("check");
      CREATE INDEX "words_as" ON "words" ("as");
      COMMIT;
      """)
    for plan in [true, false] {
      #expect(throws: PersistenceError.self) { try open(plan: plan) }
      do {
        _ = try open(plan: plan)
      } catch let PersistenceError.cannotOpen(_, reason) {
        #expect(reason.contains("table 'words'") && reason.contains("CHECK"), "\(reason)")
      } catch {
        Issue.record("\(error)")
      }
    }
  }

  @Test func clausesAreFoundOutsideQuotesAndCommentsOnly() {
    let clauses = DefinitionClauses(
      sql: #"CREATE TABLE "t" ("check" TEXT, [collate] INT, `as` REAL, 'default' BLOB -- CHECK (1)"#
        + "\n /* COLLATE NOCASE */ \"a\"\"CHECK\" TEXT DEFAULT 'x'')CHECK', b CHECK( b>0 ) COLLATE nocase)")
    #expect(clauses.clauses == ["CHECK ( B > 0 )", "COLLATE NOCASE", "DEFAULT 'x'')CHECK'"])
    #expect(DefinitionClauses(sql: "CHECK(b>0)") == DefinitionClauses(sql: "check ( b > 0 )"))
  }
}
