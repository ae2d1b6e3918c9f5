import Catalog
import Foundation
import Persistence
import Repositories
import TestSupport
import Testing

/// A PostgreSQL store's history read a page at a time, as a store file's is.
@Suite(.needsPostgreSQL, .serialized)
struct PostgresHistoryPagingTests {
  @Test func aPageAfterATokenFillsWithTheNamedAuthorsAndABigTransactionComesInSlices() async throws {
    let store = try await PostgresStore(url: try PostgresTestServer.makeSchema(), for: [Movie.self], poolSize: 2)
    let importer = try PostgresRepository<Movie>(store: store, author: "importer")
    let critic = try PostgresRepository<Movie>(store: store, author: "critic")
    try await importer.insert([.alien, .heat, .up])
    _ = try await critic.update(id: Movie.heat.id) { $0.rate = 10 }
    try await importer.delete(id: Movie.up.id)
    try await critic.insert([.amelie])
    let all = try await PostgresHistoryTests.history(of: store, count: 4)
    try #require(all.count == 4 && all[0].changes.count == 3)

    #expect(try await store.fetchHistory(limit: 2) == Array(all.prefix(2)))
    #expect(try await store.fetchHistory(after: all[1].token, limit: 2) == Array(all.suffix(2)))
    #expect(try await store.fetchHistory(after: all[3].token, limit: 2).isEmpty)
    #expect(try await store.fetchHistory(limit: 0).isEmpty)
    // Authors are matched before the limit: two of the critic's, with the importer's between.
    #expect(try await store.fetchHistory(authors: ["critic"], limit: 2).map(\.token) == [all[1].token, all[3].token])
    // Backwards: newest first, from before a token, authors matched before the limit.
    #expect(try await store.fetchHistory(before: nil, limit: 2) == [all[3], all[2]])
    #expect(try await store.fetchHistory(before: all[2].token, limit: 2) == [all[1], all[0]])
    #expect(try await store.fetchHistory(before: all[0].token).isEmpty)
    #expect(try await store.fetchHistory(before: nil, authors: ["importer"], limit: 2) == [all[2], all[0]])
    #expect(
      try await store.fetchHistory(before: nil, limit: 1, changeLimit: 1).map(\.changes) == [
        Array(all[3].changes.prefix(1))
      ])

    #expect(try await store.fetchHistory(changeLimit: 2).map(\.changes) == all.map { Array($0.changes.prefix(2)) })
    for offset in 0...4 {
      let slice = try await store.fetchHistoryChanges(of: all[0].token, from: offset, limit: 2)
      #expect(slice == Array(all[0].changes.dropFirst(offset).prefix(2)), "from \(offset)")
    }
    #expect(try await store.fetchHistoryChanges(of: all[0].token, from: 1) == Array(all[0].changes.dropFirst()))
  }
}
