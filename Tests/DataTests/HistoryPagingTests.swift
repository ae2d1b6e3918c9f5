import Catalog
import CatalogStorage
import Foundation
import Persistence
import RepositoryTesting
import TestSupport
import Testing

@Suite("History pages: a bounded page after a token, and a transaction's changes a slice at a time")
struct HistoryPagingTests {
  let folder: TemporaryDirectory
  let container: ModelContainer

  init() throws {
    folder = try TemporaryDirectory()
    container = try ModelContainer(
      for: Movie.self, Review.self, configurations: ModelConfiguration("Catalog", url: folder.file("catalog.store")))
  }

  /// Four transactions by two authors; the last makes three runs of changes (an insert, a
  /// cascaded delete of a review, the delete of its movie).
  private func record() async throws -> [HistoryTransaction] {
    try await SQLiteRepository<Movie>(container: container, author: "importer").insert([.alien, .heat])
    try await SQLiteRepository<Review>(container: container, author: "critic").insert(
      Review(movieID: Movie.alien.id, text: "Tense.", date: .now))
    try await SQLiteRepository<Movie>(container: container, author: "importer").insert([.up])
    let context = try ModelContext(container)
    context.author = "critic"
    context.insert(Movie.amelie)
    context.delete(Movie.alien)
    try context.save()
    return try container.fetchHistory()
  }

  @Test func pagesAfterATokenFollowOneAnotherAndFillWithTheNamedAuthors() async throws {
    let all = try await record()
    try #require(all.count == 4)
    #expect(try container.fetchHistory(limit: 2) == Array(all.prefix(2)))
    #expect(try container.fetchHistory(after: all[1].token, limit: 2) == Array(all.suffix(2)))
    #expect(try container.fetchHistory(after: all[3].token, limit: 2).isEmpty)
    #expect(try container.fetchHistory(limit: 0).isEmpty)
    #expect(try container.fetchHistory(authors: ["critic"], limit: 2).map(\.token) == [all[1].token, all[3].token])
    #expect(try container.fetchHistory(after: all[1].token, authors: ["critic"], limit: 1) == [all[3]])
  }

  @Test func pagesBeforeATokenComeNewestFirstAndFillWithTheNamedAuthors() async throws {
    let all = try await record()
    try #require(all.count == 4)
    #expect(try container.fetchHistory(before: nil, limit: 2) == [all[3], all[2]])
    #expect(try container.fetchHistory(before: all[2].token, limit: 2) == [all[1], all[0]])
    #expect(try container.fetchHistory(before: all[0].token, limit: 2).isEmpty)
    #expect(try container.fetchHistory(before: nil) == all.reversed())
    #expect(try container.fetchHistory(before: nil, limit: 0).isEmpty)
    #expect(try container.fetchHistory(before: nil, authors: ["importer"], limit: 2) == [all[2], all[0]])
    #expect(try container.fetchHistory(before: all[3].token, authors: ["critic"]) == [all[1]])
    #expect(
      try container.fetchHistory(before: nil, limit: 1, changeLimit: 2).map(\.changes) == [
        Array(all[3].changes.prefix(2))
      ])
  }

  @Test func aPageHoldsTheFirstChangesAndTheRestComeASliceAtATime() async throws {
    let all = try await record()
    let last = try #require(all.last)
    try #require(last.changes.count == 3)
    #expect(try container.fetchHistory(changeLimit: 2).map(\.changes) == all.map { Array($0.changes.prefix(2)) })
    #expect(try container.fetchHistory(changeLimit: 0).allSatisfy(\.changes.isEmpty))
    for offset in 0...4 {
      #expect(
        try container.fetchHistoryChanges(of: last.token, from: offset, limit: 1)
          == Array(last.changes.dropFirst(offset).prefix(1)), "from \(offset)")
      #expect(try container.fetchHistoryChanges(of: last.token, from: offset) == Array(last.changes.dropFirst(offset)))
    }
    #expect(try container.fetchHistoryChanges(of: HistoryToken(999), from: 0).isEmpty)
  }
}
