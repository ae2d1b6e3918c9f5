import Catalog
import Foundation
import Persistence
import Repositories
import TestSupport
import Testing

/// `HistoryDescriptor` on PostgreSQL: each predicate selects the transactions Swift's own
/// evaluation of it selects over the whole history, oldest first, limits included — whether
/// PostgreSQL's SQL says it exactly, only bounds it (text matched by Swift's characters), or
/// cannot say it at all (the changes).
@Suite(.needsPostgreSQL)
struct PostgresHistoryDescriptorTests {
  /// The store, and its history: five transactions, by nobody, "editor", "importer", "editor",
  /// "Émile" (an author whose first letter is not ASCII).
  let store: PostgresStore
  let history: [HistoryTransaction]

  init() async throws {
    store = try await PostgresStore(url: PostgresTestServer.makeSchema(), for: [Movie.self], poolSize: 2)
    try await PostgresRepository<Movie>(store: store).insert(.alien)
    for (author, movie) in [("editor", Movie.heat), ("importer", .up)] {
      try await PostgresRepository<Movie>(store: store, author: author).insert(movie)
    }
    for author in ["editor", "Émile"] {
      _ = try await PostgresRepository<Movie>(store: store, author: author).update(id: Movie.heat.id) {
        $0.heart += 1
      }
    }
    history = try await PostgresHistoryTests.history(of: store, count: 5)
  }

  /// Expects the store to fetch what Swift selects from the whole history.
  private func expectSwiftsSelection(
    _ predicate: Predicate<HistoryTransaction>?, limit: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let fetched = try await store.fetchHistory(HistoryDescriptor(predicate: predicate, fetchLimit: limit))
    var expected = try history.filter { try predicate?.evaluate($0) ?? true }
    if let limit { expected = Array(expected.prefix(limit)) }
    #expect(fetched.map(\.token) == expected.map(\.token), sourceLocation: sourceLocation)
    #expect(fetched.map(\.changes) == expected.map(\.changes), sourceLocation: sourceLocation)
  }

  @Test func predicatesOnTokenAuthorAndTimeSelectWhatSwiftSelects() async throws {
    #expect(history.count == 5)
    let second = history[1].token
    let third = history[2].timestamp
    try await expectSwiftsSelection(nil)
    try await expectSwiftsSelection(#Predicate { $0.token > second })
    try await expectSwiftsSelection(#Predicate { $0.token <= second || $0.author == "importer" })
    try await expectSwiftsSelection(#Predicate { $0.author == "editor" })
    try await expectSwiftsSelection(#Predicate { $0.author == nil })
    try await expectSwiftsSelection(#Predicate { $0.author == "E\u{301}mile" })
    try await expectSwiftsSelection(#Predicate { $0.timestamp >= third })
    try await expectSwiftsSelection(#Predicate { $0.timestamp < third && $0.author != nil })
    try await expectSwiftsSelection(#Predicate { ($0.author ?? "") < "f" })
    try await expectSwiftsSelection(#Predicate { $0.author?.starts(with: "E\u{301}") ?? false })
  }

  @Test func aLimitKeepsTheOldestMatches() async throws {
    try await expectSwiftsSelection(nil, limit: 2)
    try await expectSwiftsSelection(#Predicate { $0.author == "editor" }, limit: 1)
    try await expectSwiftsSelection(#Predicate { ($0.author ?? "") < "f" }, limit: 1)
    try await expectSwiftsSelection(nil, limit: 0)
  }

  @Test func aPredicateSQLCannotSayIsEvaluatedInSwiftNotIgnored() async throws {
    let update = PendingChange.Kind.update
    let second = history[1].token
    try await expectSwiftsSelection(#Predicate { transaction in transaction.changes.contains { $0.kind == update } })
    try await expectSwiftsSelection(
      #Predicate { transaction in
        transaction.token > second && (transaction.changes.contains { $0.kind == update } && transaction.author != nil)
      }, limit: 1)
    #expect(try await store.fetchHistory(HistoryDescriptor(predicate: #Predicate { $0.author == "nobody" })).isEmpty)
  }
}
