import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories
import RepositoryTesting
import TestSupport
import Testing

@Suite("HistoryDescriptor: SwiftData's predicate over transactions, fetched and deleted")
struct HistoryDescriptorTests {
  let folder: TemporaryDirectory
  let container: ModelContainer
  let movies: SQLiteRepository<Movie>
  /// The tokens of the five transactions `init` commits: by nobody, "editor", "importer",
  /// "editor", "importer".
  let tokens: [HistoryToken]

  init() async throws {
    folder = try TemporaryDirectory()
    container = try ModelContainer(
      for: Movie.self, configurations: ModelConfiguration("Catalog", url: folder.file("catalog.store")))
    movies = try SQLiteRepository(container: container)
    try await movies.insert(.alien)
    for (author, movie) in [("editor", Movie.heat), ("importer", .up)] {
      let context = try ModelContext(container)
      context.author = author
      context.insert(movie)
      try context.save()
    }
    for author in ["editor", "importer"] {
      let context = try ModelContext(container)
      context.author = author
      var heat = Movie.heat
      heat.heart += author.count
      context.update(heat)
      try context.save()
    }
    tokens = try container.fetchHistory().map(\.token)
  }

  private func fetched(_ predicate: Predicate<HistoryTransaction>?, limit: Int? = nil) throws -> [HistoryToken] {
    try container.fetchHistory(HistoryDescriptor(predicate: predicate, fetchLimit: limit)).map(\.token)
  }

  @Test func predicatesOnTokenAuthorAndTimeSelectTheirTransactionsOldestFirst() throws {
    #expect(tokens.count == 5)
    #expect(try fetched(nil) == tokens)
    let second = tokens[1]
    #expect(try fetched(#Predicate { $0.token > second }) == Array(tokens[2...]))
    #expect(
      try fetched(#Predicate { $0.token <= second || $0.author == "importer" }) == [0, 1, 2, 4].map { tokens[$0] })
    #expect(try fetched(#Predicate { $0.author == "editor" }) == [tokens[1], tokens[3]])
    #expect(try fetched(#Predicate { $0.author == nil }) == [tokens[0]])
    let all = try container.fetchHistory()
    let third = all[2].timestamp
    #expect(try fetched(#Predicate { $0.timestamp >= third }) == all.filter { $0.timestamp >= third }.map(\.token))
    #expect(try fetched(#Predicate { $0.timestamp < third && $0.author != nil }) == [tokens[1]])
    let later = Date.now.addingTimeInterval(60)
    #expect(try fetched(#Predicate { $0.timestamp > later }).isEmpty)
  }

  @Test func aLimitKeepsTheOldestMatches() throws {
    #expect(try fetched(nil, limit: 2) == Array(tokens.prefix(2)))
    #expect(try fetched(#Predicate { $0.author == "importer" }, limit: 1) == [tokens[2]])
    #expect(try fetched(nil, limit: 0).isEmpty)
  }

  @Test func aPredicateSQLCannotSayIsEvaluatedInSwiftNotIgnored() throws {
    let update = PendingChange.Kind.update
    let updates = #Predicate<HistoryTransaction> { transaction in
      transaction.changes.contains { $0.kind == update }
    }
    #expect(try fetched(updates) == [tokens[3], tokens[4]])
    #expect(try fetched(updates, limit: 1) == [tokens[3]])
    let second = tokens[1]
    let editorUpdates = #Predicate<HistoryTransaction> { transaction in
      transaction.token > second
        && (transaction.changes.contains { $0.kind == update } && transaction.author == "editor")
    }
    #expect(try fetched(editorUpdates) == [tokens[3]])
  }

  @Test func theContextFetchesAndDeletesTheSameHistoryAsTheContainer() throws {
    let context = try ModelContext(container)
    let descriptor = HistoryDescriptor(predicate: #Predicate { $0.author == "importer" })
    #expect(try context.fetchHistory(descriptor) == container.fetchHistory(descriptor))
    try context.deleteHistory(descriptor)
    #expect(try fetched(nil) == [tokens[0], tokens[1], tokens[3]])
  }

  @Test func deletingByDescriptorDeletesExactlyWhatItMatches() throws {
    try container.deleteHistory(HistoryDescriptor(predicate: #Predicate { $0.author == "editor" }, fetchLimit: 1))
    #expect(try fetched(nil) == [0, 2, 3, 4].map { tokens[$0] })
    let update = PendingChange.Kind.update
    let updates = #Predicate<HistoryTransaction> { transaction in
      transaction.changes.contains { $0.kind == update }
    }
    try container.deleteHistory(HistoryDescriptor(predicate: updates))
    #expect(try fetched(nil) == [tokens[0], tokens[2]])
    // The changes of the deleted transactions went with them: none is left unattached.
    #expect(try container.fetchHistory().flatMap(\.changes).count == 2)
    try container.deleteHistory(HistoryDescriptor())
    #expect(try fetched(nil).isEmpty)
  }

  @Test func aTokenRoundTripsThroughCodableAndStillSelects() throws {
    let saved = try JSONEncoder().encode(tokens[2])
    let restored = try JSONDecoder().decode(HistoryToken.self, from: saved)
    #expect(restored == tokens[2])
    #expect(try fetched(#Predicate { $0.token > restored }) == Array(tokens[3...]))
  }
}
