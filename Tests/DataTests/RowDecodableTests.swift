import Foundation
import Repositories
import RepositoryTesting
import TestSupport
import Testing

@testable import Persistence

/// A model with one attribute of each kind the store keeps, read through `Codable`.
private struct CodableTwin: PersistentModel, Equatable {
  enum Mood: String, Codable, CaseIterable { case calm, loud }
  struct Note: Codable, Equatable {
    var text: String
    var tags: [String]
  }

  var id: UUID
  var int: Int
  var int64: Int64
  var optInt: Int?
  var double: Double
  var optDouble: Double?
  var text: String
  var optText: String?
  var flag: Bool
  var date: Date
  var optDate: Date?
  var data: Data
  var url: URL
  var mood: Mood
  var note: Note
  var optNote: Note?

  static let entity = Entity<CodableTwin>(table: "twins")
}

/// The same model, stored the same way, read through its row initializer: the two must read
/// every row alike.
private struct RowTwin: PersistentModel, RowDecodable, Equatable {
  var id: UUID
  var int: Int
  var int64: Int64
  var optInt: Int?
  var double: Double
  var optDouble: Double?
  var text: String
  var optText: String?
  var flag: Bool
  var date: Date
  var optDate: Date?
  var data: Data
  var url: URL
  var mood: CodableTwin.Mood
  var note: CodableTwin.Note
  var optNote: CodableTwin.Note?

  static let entity = Entity<RowTwin>(table: "twins")

  init(row: StoredRow) throws {
    id = try row.decode(forKey: "id")
    int = try row.decode(forKey: "int")
    int64 = try row.decode(forKey: "int64")
    optInt = try row.decodeIfPresent(forKey: "optInt")
    double = try row.decode(forKey: "double")
    optDouble = try row.decodeIfPresent(forKey: "optDouble")
    text = try row.decode(forKey: "text")
    optText = try row.decodeIfPresent(forKey: "optText")
    flag = try row.decode(forKey: "flag")
    date = try row.decode(forKey: "date")
    optDate = try row.decodeIfPresent(forKey: "optDate")
    data = try row.decode(forKey: "data")
    url = try row.decode(forKey: "url")
    mood = try row.decode(forKey: "mood")
    note = try row.decode(forKey: "note")
    optNote = try row.decodeIfPresent(forKey: "optNote")
  }

  /// The twin of a model read through `Codable`, through the encoding both share.
  init(_ twin: CodableTwin) throws { self = try JSONDecoder().decode(Self.self, from: JSONEncoder().encode(twin)) }
}

/// A row initializer that asks for a column its table does not have.
private struct MisreadTwin: PersistentModel, RowDecodable {
  var id: UUID
  var text: String

  static let entity = Entity<MisreadTwin>(table: "twins")

  init(row: StoredRow) throws {
    id = try row.decode(forKey: "id")
    text = try row.decode(forKey: "title")
  }
}

@Suite("A row initializer reads what Codable reads")
struct RowDecodableTests {
  /// Models with every value a column can hold at its edges, `nil` every other time.
  private static func twins(count: Int) -> [CodableTwin] {
    let texts = ["", "plain", "ключ", "e\u{301}", "a\u{0}b", "🎬🍿", String(repeating: "long ", count: 400)]
    let doubles = [0, -0.0, 1.5, -1e300, .greatestFiniteMagnitude, .leastNonzeroMagnitude]
    return (0..<count).map { index in
      let some = index % 2 == 0
      return CodableTwin(
        id: UUID(), int: [0, 1, -1, .max, .min][index % 5], int64: Int64(index) * 1_000_000_007,
        optInt: some ? index : nil, double: doubles[index % doubles.count], optDouble: some ? 2.25 : nil,
        text: texts[index % texts.count], optText: some ? texts[(index + 1) % texts.count] : nil,
        flag: index % 3 == 0, date: Date(timeIntervalSinceReferenceDate: Double(index) * 86_400.125 - 1e9),
        optDate: some ? Date(timeIntervalSince1970: 0) : nil, data: Data((0..<UInt8(index % 40)).map { $0 }),
        url: URL(string: "https://example.com/\(index)?q=a%20b")!, mood: some ? .calm : .loud,
        note: CodableTwin.Note(text: texts[index % texts.count], tags: some ? ["a", "ü"] : []),
        optNote: some ? nil : CodableTwin.Note(text: "n", tags: ["x"]))
    }
  }

  /// Writes models through `Codable`, then reads the same store through both paths.
  private func readBothWays(
    _ stored: [CodableTwin], descriptor: (codable: FetchDescriptor<CodableTwin>, row: FetchDescriptor<RowTwin>)
  ) async throws -> (codable: [CodableTwin], row: [RowTwin]) {
    let folder = try TemporaryDirectory()
    let url = folder.file("twins.store")
    let codable = try await {
      let repository = try SQLiteRepository<CodableTwin>(
        container: try ModelContainer(for: CodableTwin.self, configurations: ModelConfiguration("Twins", url: url)))
      try await repository.insert(stored)
      return try await repository.fetch(descriptor.codable)
    }()
    let rows = try SQLiteRepository<RowTwin>(
      container: try ModelContainer(for: RowTwin.self, configurations: ModelConfiguration("Twins", url: url)))
    return (codable, try await rows.fetch(descriptor.row))
  }

  @Test func everyKindOfValueReadsAlikeThroughBothPaths() async throws {
    let stored = Self.twins(count: 60)
    let read = try await readBothWays(
      stored,
      descriptor: (
        FetchDescriptor(sortBy: [SortDescriptor(\.int64)]), FetchDescriptor(sortBy: [SortDescriptor(\.int64)])
      ))
    #expect(read.codable == stored)
    #expect(try read.row == stored.map(RowTwin.init))
  }

  @Test func attributesLeftOutOfAFetchReadAsTheSameEmptyValues() async throws {
    var codable = FetchDescriptor<CodableTwin>(sortBy: [SortDescriptor(\.int64)])
    codable.propertiesToFetch = [\.text, \.optInt, \.url, \.mood, \.note]
    var row = FetchDescriptor<RowTwin>(sortBy: [SortDescriptor(\.int64)])
    row.propertiesToFetch = [\.text, \.optInt, \.url, \.mood, \.note]
    let read = try await readBothWays(Self.twins(count: 12), descriptor: (codable, row))
    #expect(try read.row == read.codable.map(RowTwin.init))
    #expect(read.row.allSatisfy { $0.optText == nil && $0.int == 0 && $0.data.isEmpty })
  }

  @Test func aRowInitializerThatAsksForAMissingColumnFailsNamingIt() async throws {
    let folder = try TemporaryDirectory()
    let url = folder.file("twins.store")
    let writer = try SQLiteRepository<CodableTwin>(
      container: try ModelContainer(for: CodableTwin.self, configurations: ModelConfiguration("Twins", url: url)))
    try await writer.insert(Self.twins(count: 2))
    let container = try ModelContainer(for: MisreadTwin.self, configurations: ModelConfiguration("Twins", url: url))
    let reader = try SQLiteRepository<MisreadTwin>(container: container)
    let error = await #expect(throws: RepositoryError.self) { try await reader.fetchAll() }
    #expect(String(describing: error).contains("title"))
  }
}
