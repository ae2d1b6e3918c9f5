import CatalogStorage
import Foundation
import Testing

@testable import Persistence

/// A schema's JSON — the committed schema files, and the fingerprint a store records — is
/// written without `JSONEncoder`, and must stay the encoder's bytes.
@Suite("A schema description's JSON")
struct SchemaDescriptionJSONTests {
  /// What `JSONEncoder` writes for a description, as the engine once wrote every description.
  private func encoded(_ description: SchemaDescription) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return String(decoding: try encoder.encode(description), as: UTF8.self) + "\n"
  }

  @Test func everyCatalogVersionIsWrittenAsTheEncoderWritesIt() throws {
    for version in CatalogMigrationPlan.schemas + [LibraryV1.self, LibraryV2.self, LibraryV3.self] {
      let description = try SchemaDescription(version: version)
      #expect(description.json == (try encoded(description)), "version \(version.versionIdentifier)")
    }
  }

  @Test func theFrozenVersionsAreTheirCommittedFilesByteForByte() throws {
    for version in CatalogMigrationPlan.schemas.dropLast() {
      let file = CatalogFixtures.schemas.appendingPathComponent("\(version.versionIdentifier).json")
      let description = try SchemaDescription(version: version)
      #expect(description.json == (try String(contentsOf: file, encoding: .utf8)))
      #expect(description.fingerprint == Fingerprint.hex(try String(contentsOf: file, encoding: .utf8)))
    }
  }

  @Test func namesOfAnyCharactersAndEmptyListsAreWrittenAsTheEncoderWritesThem() throws {
    let hostile = "q\"b\\s/t\tn\nr\rb\u{8}f\u{C}z\u{0}o\u{1}\u{1F}d\u{7F}é\u{2028}😀"
    let description = SchemaDescription(tables: [
      SchemaDescription.Table(
        name: hostile, columns: [.init(name: "", type: hostile, notNull: true, primaryKey: false)],
        indexes: [.init(name: "i/1", unique: true, columns: [])], foreignKeys: [], search: nil),
      SchemaDescription.Table(
        name: "b", columns: [], indexes: [],
        foreignKeys: [.init(column: "c", parentTable: hostile, parentColumn: "id", onDelete: "SET NULL")],
        search: []),
      SchemaDescription.Table(name: "c", columns: [], indexes: [], foreignKeys: [], search: ["title", hostile]),
    ])
    #expect(description.json == (try encoded(description)))
    #expect(SchemaDescription(tables: []).json == (try encoded(SchemaDescription(tables: []))))
  }
}
