import Catalog
import CatalogStorage
import Foundation
import Testing

@testable import Persistence

@Suite("A schema is inferred from a model's Codable shape")
struct SchemaInferenceTests {
  @Test func movieTableHasAColumnPerCodingKeyAndItsIndexes() throws {
    let table = try #require(Schema(Movie.self).models.first).resolve()
    #expect(
      table.createStatements == [
        #"CREATE TABLE IF NOT EXISTS "movies" ("id" BLOB NOT NULL PRIMARY KEY, "title" TEXT NOT NULL, "content" TEXT NOT NULL, "images" TEXT NOT NULL, "date" REAL NOT NULL, "rate" INTEGER NOT NULL, "heart" INTEGER NOT NULL, "runtime" INTEGER) STRICT"#,
        #"CREATE INDEX IF NOT EXISTS "movies_date_title_id" ON "movies" ("date", "title", "id")"#,
        #"CREATE INDEX IF NOT EXISTS "movies_rate" ON "movies" ("rate")"#,
        #"CREATE UNIQUE INDEX IF NOT EXISTS "movies_title_date_unique" ON "movies" ("title", "date")"#,
      ] + (SearchIndex(table)?.createStatements ?? []))
    #expect(table.searchable == ["title", "content"])
  }

  @Test func everyKindOfAttributeGetsItsColumnType() throws {
    let table = try #require(Schema(EdgeRecord.self).models.first).resolve()
    let kinds = Dictionary(uniqueKeysWithValues: table.columns.map { ($0.name, $0.kind) })
    #expect(kinds["id"] == .uuid)
    #expect(kinds["text"] == .text)
    #expect(kinds["data"] == .blob)
    #expect(kinds["uint64"] == .integer)
    #expect(kinds["float"] == .real)
    #expect(kinds["flag"] == .bool)
    #expect(kinds["date"] == .date)
    #expect(kinds["url"] == .url)
    #expect(kinds["genre"] == .text)
    #expect(kinds["level"] == .integer)
    #expect(kinds["credits"] == .json)
    #expect(kinds["tags"] == .json)
    #expect(table.columns.filter(\.isOptional).map(\.name) == ["optionalText", "optionalDate"])
  }

  @Test func aModelWithoutAnIdCannotBeStored() {
    #expect(throws: PersistenceError.invalidSchema("NoteRecord has no 'id' attribute to use as its primary key")) {
      try Schema(NoteRecord.self).models.first?.resolve()
    }
  }

  @Test func anIndexOnATransientPropertyFailsWhenTheContainerIsCreated() {
    #expect(
      throws: PersistenceError.invalidSchema("an index of DraftRecord names 'scratch', which is not a stored attribute")
    ) {
      try ModelContainer(for: DraftRecord.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    }
  }

  @Test func indexesCanBeCompositeAndDescending() throws {
    let entity = Entity<EdgeRecord>(
      indexes: [Entity.Index(\.date, \.int, descending: true)], unique: [Entity.Unique(\.text)])
    let table = try TableSchema(
      name: "edges",
      columns: [
        Column(name: "id", kind: .uuid, isOptional: false),
        Column(name: "date", kind: .date, isOptional: false), Column(name: "int", kind: .integer, isOptional: false),
        Column(name: "text", kind: .text, isOptional: false),
      ], indexes: entity.indexes)
    #expect(
      Array(table.createStatements.dropFirst()) == [
        #"CREATE INDEX IF NOT EXISTS "edges_date_int_desc" ON "edges" ("date" DESC, "int" DESC)"#,
        #"CREATE UNIQUE INDEX IF NOT EXISTS "edges_text_unique" ON "edges" ("text")"#,
      ])
  }

  @Test func identifiersWithQuotesAreQuotedSafely() {
    #expect(SQLIdentifier.quote(#"we"ird"#) == #""we""ird""#)
  }
}

/// A model whose identity is not called `id`.
struct NoteRecord: PersistentModel {
  var id: String { key }
  var key: String
}

/// A model with a property left out of its coding keys: transient, never stored.
struct DraftRecord: PersistentModel {
  static let entity = Entity<DraftRecord>(indexes: [\.scratch])
  enum CodingKeys: String, CodingKey { case id, text }
  var id: UUID
  var text: String
  var scratch = ""
}
