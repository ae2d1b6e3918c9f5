import Foundation
import Persistence
import Repositories
import Testing

/// A predicate SQL cannot run is refused naming the part a reader wrote, not a node inside it.
@Suite("Refusals name what the predicate wrote")
struct RefusalMessageTests {
  @Test func aSliceSubscriptIsNamedNotItsRange() async throws {
    let container = try ModelContainer(
      for: NumericRecord.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    let repository = try SQLiteRepository<NumericRecord>(container: container)
    let first = Self.uuid
    await #expect {
      _ = try await repository.fetch(FetchDescriptor(predicate: #Predicate { $0.ids[0..<1].contains(first) }))
    } throws: { error in
      let text = "\(error)"
      return text.contains("CollectionRangeSubscript") && !text.hasPrefix("unsupported query: Range")
    }
  }

  static let uuid = UUID()
}
