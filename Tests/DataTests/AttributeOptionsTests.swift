import Foundation
import Repositories
import RepositoryTesting
import SQLValues
import SQLiteCore
import TestSupport
import Testing

@testable import Persistence

/// A model with an opaque attribute and a transient one.
struct PosterRecord: PersistentModel, Equatable {
  static let entity = Entity<PosterRecord>(codable: [\.genre, \.link])
  enum CodingKeys: String, CodingKey { case id, title, genre, link }

  var id: UUID
  var title: String
  var genre: EdgeRecord.Genre
  var link: URL
  /// Transient: left out of the coding keys, so never stored.
  var isSelected = false

  static func == (lhs: PosterRecord, rhs: PosterRecord) -> Bool {
    lhs.id == rhs.id && lhs.title == rhs.title && lhs.genre == rhs.genre && lhs.link == rhs.link
  }
}

@Suite("Attribute options: codable and transient")
struct AttributeOptionsTests {
  let folder: TemporaryDirectory
  let posters: SQLiteRepository<PosterRecord>

  init() throws {
    folder = try TemporaryDirectory()
    let container = try ModelContainer(
      for: PosterRecord.self, configurations: ModelConfiguration(url: folder.file("p.store")))
    posters = try SQLiteRepository<PosterRecord>(container: container)
  }

  @Test func codableAttributesAreStoredAsOpaqueJSON() async throws {
    let poster = PosterRecord(id: UUID(), title: "Alien", genre: .drama, link: URL(string: "https://example.com/a")!)
    try await posters.insert(poster)
    #expect(try await posters.fetchAll() == [poster])
    let connection = try Connection(location: .file(folder.file("p.store").path), readOnly: true)
    let statement = try connection.statement(#"SELECT "genre", "link" FROM "PosterRecord""#)
    _ = try statement.step()
    #expect(statement.value(at: 0) == .text(#""drama""#))
    #expect(statement.value(at: 1) == .text(#""https://example.com/a""#))
    // A scalar inside the JSON is still compared, through SQLite's JSON functions.
    let drama = EdgeRecord.Genre.drama
    #expect(try await posters.fetch(FetchDescriptor(predicate: #Predicate { $0.genre == drama })) == [poster])
  }

  @Test func transientPropertiesAreNeverStored() async throws {
    var poster = PosterRecord(id: UUID(), title: "Alien", genre: .comedy, link: URL(string: "https://example.com")!)
    poster.isSelected = true
    try await posters.insert(poster)
    #expect(try await posters.fetch(id: poster.id)?.isSelected == false)
    let table = try #require(Schema(PosterRecord.self).models.first).resolve()
    #expect(table.columns.map(\.name) == ["id", "title", "genre", "link"])
  }

  @Test func aCodableDeclarationNamingNoAttributeFailsAtTheContainer() {
    #expect(throws: PersistenceError.self) {
      try ModelContainer(for: BadPosterRecord.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    }
  }
}

/// A model whose declaration names a transient property as codable.
struct BadPosterRecord: PersistentModel {
  static let entity = Entity<BadPosterRecord>(codable: [\.scratch])
  enum CodingKeys: String, CodingKey { case id }
  var id: UUID
  var scratch = 0
}

/// The same table as ``OldNameRecord`` after its `label` was renamed `title`.
struct NewNameRecord: PersistentModel {
  static let entity = Entity<NewNameRecord>(table: "names", renamed: [Entity.Rename(\.title, from: "label")])
  var id: UUID
  var title: String
}

struct OldNameRecord: PersistentModel {
  static let entity = Entity<OldNameRecord>(table: "names")
  var id: UUID
  var label: String
}

@Suite("Renamed attributes")
struct RenamedAttributeTests {
  @Test func aStoreWithTheOriginalNameFailsClearlyUntilMigrated() throws {
    let folder = try TemporaryDirectory()
    let url = folder.file("names.store")
    _ = try ModelContainer(for: OldNameRecord.self, configurations: ModelConfiguration(url: url))
    #expect(
      throws: PersistenceError.invalidSchema(
        #"the store's table "names" still calls 'title' by its original name 'label'; it needs a migration"#)
    ) {
      try ModelContainer(for: NewNameRecord.self, configurations: ModelConfiguration(url: url))
    }
  }

  @Test func aRenameOfNoAttributeFailsAtTheContainer() {
    #expect(
      throws: PersistenceError.invalidSchema("names declares 'nothing' renamed, but it is not a stored attribute")
    ) {
      try TableSchema(
        name: "names", columns: [Column(name: "id", kind: .uuid, isOptional: false)], originalNames: ["nothing": "old"])
    }
  }
}
