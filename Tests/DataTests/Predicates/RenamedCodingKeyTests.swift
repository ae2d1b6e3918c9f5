import Foundation
import Persistence
import Repositories
import RepositoryTesting
import TestSupport
import Testing

/// A model whose `CodingKeys` rename and swap properties: every key path names the column
/// its property is stored in, not the column that happens to carry the property's name.
@Suite("Key paths name the columns their coding keys store")
struct RenamedCodingKeyTests {
  struct Swapped: PersistentModel, Equatable {
    static let entity = Entity<Swapped>(indexes: [Entity.Index(\.a)], unique: [Entity.Unique(\.label)])

    struct Inner: Codable, Equatable, Sendable {
      var x: Int
      var y: Int
      enum CodingKeys: String, CodingKey {
        case x = "y"
        case y = "x"
      }
    }

    var id: Int
    var a: Int
    var b: Int
    var flag: Bool
    var other: Bool
    var label: String
    var inner: Inner
    var scratch = 0

    enum CodingKeys: String, CodingKey {
      case id
      case a = "b"
      case b = "a"
      case flag = "other"
      case other = "flag"
      case label = "title"
      case inner
    }
  }

  let records = [
    Swapped(id: 1, a: 1, b: 9, flag: true, other: false, label: "one", inner: .init(x: 1, y: 5)),
    Swapped(id: 2, a: 9, b: 1, flag: false, other: true, label: "two", inner: .init(x: 5, y: 1)),
    Swapped(id: 3, a: 5, b: 5, flag: false, other: false, label: "three", inner: .init(x: 3, y: 3)),
  ]

  func ids(_ descriptor: FetchDescriptor<Swapped>) async throws -> (sqlite: [Int], swift: [Int]) {
    let container = try ModelContainer(
      for: Swapped.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    let sqlite = try SQLiteRepository<Swapped>(container: container)
    try await sqlite.insert(records)
    let swift = try InMemoryRepository(records)
    return (try await sqlite.fetch(descriptor).map(\.id), try await swift.fetch(descriptor).map(\.id))
  }

  @Test func predicatesOnSwappedPropertiesKeepWhatSwiftKeeps() async throws {
    let onA = try await ids(FetchDescriptor(predicate: #Predicate { $0.a == 1 }))
    #expect(onA.sqlite == [1])
    #expect(onA.sqlite == onA.swift)
    let onFlag = try await ids(FetchDescriptor(predicate: #Predicate { $0.flag }))
    #expect(onFlag.sqlite == [1])
    #expect(onFlag.sqlite == onFlag.swift)
    let onLabel = try await ids(FetchDescriptor(predicate: #Predicate { $0.label.starts(with: "t") }))
    #expect(onLabel.sqlite == [2, 3])
  }

  @Test func keyPathsIntoARenamedNestedValueReadTheirOwnKeys() async throws {
    let nested = try await ids(FetchDescriptor(predicate: #Predicate { $0.inner.x == 1 }))
    #expect(nested.sqlite == [1])
    #expect(nested.sqlite == nested.swift)
  }

  @Test func sortsOrderByTheSwappedProperty() async throws {
    let byA = try await ids(FetchDescriptor(sortBy: [SortDescriptor(\.a)]))
    #expect(byA.sqlite == [1, 3, 2])
    #expect(byA.sqlite == byA.swift)
    let byB = try await ids(FetchDescriptor(sortBy: [SortDescriptor(\.b, order: .reverse)]))
    #expect(byB.sqlite == [1, 3, 2])
  }

  @Test func declarationsNameTheStoredColumns() throws {
    let schema = try Swapped.entityTable()
    #expect(schema.indexes.contains { $0.columns == ["b"] && !$0.isUnique })
    #expect(schema.indexes.contains { $0.columns == ["title"] && $0.isUnique })
  }

  @Test func pagesPartialFetchesAndUpsertsUseTheStoredColumns() async throws {
    let container = try ModelContainer(
      for: Swapped.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    let sqlite = try SQLiteRepository<Swapped>(container: container)
    try await sqlite.insert(records)
    var page = FetchDescriptor<Swapped>(sortBy: [SortDescriptor(\.a)])
    page.after = records[0]
    #expect(try await sqlite.fetch(page).map(\.id) == [3, 2])
    var partial = FetchDescriptor<Swapped>(sortBy: [SortDescriptor(\.id)])
    partial.propertiesToFetch = [\.a, \.inner]
    let read = try await sqlite.fetch(partial)
    #expect(read.map(\.a) == [1, 9, 5])
    #expect(read.map(\.b) == [0, 0, 0])
    // `label` is unique: an upsert by it updates the model that has it.
    var renamed = records[1]
    renamed.id = 7
    renamed.a = 42
    try await sqlite.upsert([renamed])
    #expect(try await sqlite.fetch(FetchDescriptor(predicate: #Predicate { $0.a == 42 })).map(\.label) == ["two"])
  }

  @Test func aTransientPropertyIsRefusedByName() async throws {
    await #expect {
      _ = try await ids(FetchDescriptor(predicate: #Predicate { $0.scratch == 0 }))
    } throws: { error in
      "\(error)".contains("Swapped.scratch") && "\(error)".contains("CodingKeys")
    }
  }
}
