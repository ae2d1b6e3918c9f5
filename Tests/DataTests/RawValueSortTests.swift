import Foundation
import Repositories
import RepositoryTesting
import TestSupport
import Testing

@testable import Persistence

/// Sorting by an enumeration stored as its raw value, which is not `Comparable`: SQLite orders
/// by the column and agrees with `sorted(using:)` in memory, through keyset pages too.
@Suite("Sorting by an enumeration's raw value")
struct RawValueSortTests {
  enum Priority: Int, Codable, Sendable, CaseIterable { case low = 1, normal = 2, high = 3, urgent = 5 }
  enum Shelf: String, Codable, Sendable, CaseIterable { case attic, basement, cellar = "Cellar", den }

  struct Ticket: Codable, Sendable, Hashable, Identifiable, PersistentModel {
    static let entity = Entity<Ticket>(table: "tickets", indexes: [Entity.Index(\.priority)])
    var id: Int
    var priority: Priority
    var shelf: Shelf?
  }

  let folder: TemporaryDirectory
  let tickets: [Ticket]

  init() throws {
    folder = try TemporaryDirectory()
    var random = SplitMix64(seed: 42)
    let shelves: [Shelf?] = [nil, .attic, .basement, .cellar, .den]
    let priorities: [Priority] = [.low, .normal, .high, .urgent]
    tickets = (0..<300).map { id in
      Ticket(
        id: id, priority: priorities[Int(random.next() % 4)], shelf: shelves[Int(random.next() % 5)])
    }
  }

  /// Every order the two initializers make, alone and with each other.
  static let orders: [[SortDescriptor<Ticket>]] = [
    [SortDescriptor(rawValueOf: \.priority)],
    [SortDescriptor(rawValueOf: \.priority, order: .reverse)],
    [SortDescriptor(rawValueOf: \.shelf)],
    [SortDescriptor(rawValueOf: \.shelf, order: .reverse), SortDescriptor(rawValueOf: \.priority)],
    [SortDescriptor(rawValueOf: \.priority, order: .reverse), SortDescriptor(rawValueOf: \.shelf, order: .reverse)],
  ]

  @Test(arguments: orders.indices)
  func sqliteSortsAsSwiftDoes(_ order: Int) async throws {
    let container = try ModelContainer(
      for: Ticket.self, configurations: ModelConfiguration("Tickets", url: folder.file("tickets.store")))
    let repository = try SQLiteRepository<Ticket>(container: container)
    try await repository.insert(tickets)
    let sortBy = Self.orders[order]
    let expected = tickets.sorted(using: sortBy + [SortDescriptor(\.id)])
    let fetched = try await repository.fetch(FetchDescriptor(sortBy: sortBy))
    #expect(fetched.map(\.id) == expected.map(\.id))
    #expect(try await pages(of: FetchDescriptor(sortBy: sortBy), in: repository).map(\.id) == expected.map(\.id))
    let memory = InMemoryRepository<Ticket>()
    try await memory.insert(tickets)
    #expect(try await memory.fetch(FetchDescriptor(sortBy: sortBy)).map(\.id) == expected.map(\.id))
  }

  @Test func theSortOrdersByTheColumnItself() throws {
    let table = try #require(Schema(Ticket.self).models.first).resolve()
    let sql = try QueryBuilder(table: table, modelName: "Ticket", dialect: SQLiteDialect()).select(
      FetchDescriptor<Ticket>(sortBy: [SortDescriptor(rawValueOf: \.priority), SortDescriptor(rawValueOf: \.shelf)])
    ).sql
    #expect(sql.hasSuffix(#"ORDER BY "priority" ASC, "shelf" ASC, "id" ASC"#))
  }

  /// Every page of 7 models, each asked for after the last of the one before.
  private func pages(
    of descriptor: FetchDescriptor<Ticket>, in repository: SQLiteRepository<Ticket>
  ) async throws
    -> [Ticket]
  {
    var page = descriptor
    page.fetchLimit = 7
    var models: [Ticket] = []
    while models.count <= tickets.count {
      let next = try await repository.fetch(page)
      models += next
      guard next.count == 7, let last = next.last else { break }
      page.after = last
    }
    return models
  }
}
