import Foundation
import Persistence
import Repositories
import RepositoryTesting
import TestSupport

extension EdgeRecord {
  /// The `text` of the records a predicate keeps, as SQLite finds them (a fresh in-memory store)
  /// and as Swift does (`Predicate.evaluate`, through the in-memory repository).
  static func textsKept(
    by predicate: Predicate<EdgeRecord>, from records: [EdgeRecord]
  ) async throws -> (sqlite: [String], swift: [String]) {
    let container = try ModelContainer(
      for: EdgeRecord.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    let sqlite = try SQLiteRepository<EdgeRecord>(container: container)
    try await sqlite.insert(records)
    let swift = try InMemoryRepository(records)
    let descriptor = FetchDescriptor(predicate: predicate)
    return (try await sqlite.fetch(descriptor).map(\.text), try await swift.fetch(descriptor).map(\.text))
  }
}
