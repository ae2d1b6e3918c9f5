import Foundation
import Repositories
import RepositoryTesting
import SQLValues
import SQLiteCore
import TestSupport
import Testing

@testable import Persistence

@Suite("Values round-trip exactly through a SQLite file")
struct RoundTripTests {
  let folder: TemporaryDirectory
  let container: ModelContainer
  let records: SQLiteRepository<EdgeRecord>

  init() throws {
    folder = try TemporaryDirectory()
    container = try ModelContainer(
      for: EdgeRecord.self, configurations: ModelConfiguration("Edges", url: folder.file("edges.store")))
    records = try SQLiteRepository<EdgeRecord>(container: container)
  }

  @Test(arguments: [
    EdgeRecord.sample(),
    EdgeRecord.sample(text: "", data: Data()),
    EdgeRecord.sample(text: "nul\u{0}inside\u{0}", data: Data([0, 0, 0])),
    EdgeRecord.sample(text: "Amélie · 千と千尋の神隠し · 🎬👩‍👩‍👧", int64: .min, uint64: UInt64(Int64.max)),
    EdgeRecord.sample(int64: .max, double: -0.0, date: Date(timeIntervalSinceReferenceDate: -1e9 + 0.000_001)),
    EdgeRecord.sample(
      double: .greatestFiniteMagnitude, date: Date(timeIntervalSinceReferenceDate: 812_345_678.123_456_7)),
    EdgeRecord.sample(double: .leastNonzeroMagnitude, date: .distantFuture),
  ])
  func recordRoundTrips(_ record: EdgeRecord) async throws {
    try await records.insert(record)
    #expect(try await records.fetch(id: record.id) == record)
    #expect(try await records.fetchAll() == [record])
  }

  @Test func optionalsRoundTripWhenSet() async throws {
    var record = EdgeRecord.sample()
    record.optionalText = ""
    record.optionalDate = Date(timeIntervalSinceReferenceDate: 0.5)
    record.credits.budget = 11_000_000
    try await records.insert(record)
    #expect(try await records.fetch(id: record.id) == record)
  }

  @Test func emptyDataIsAnEmptyBlobAndNilIsNull() async throws {
    let record = EdgeRecord.sample(text: "", data: Data())
    try await records.insert(record)
    let row = try storedRow(
      #"SELECT typeof("data"), length("data"), typeof("text"), typeof("optionalText") FROM "EdgeRecord""#)
    #expect(row == [.text("blob"), .integer(0), .text("text"), .text("null")])
  }

  @Test func valuesAreStoredInTheirNaturalColumnTypes() async throws {
    try await records.insert(.sample())
    let row = try storedRow(
      #"SELECT typeof("id"), length("id"), typeof("date"), typeof("flag"), "genre", "level", "url", "tags" FROM "EdgeRecord""#
    )
    #expect(
      row == [
        .text("blob"), .integer(16), .text("real"), .text("integer"), .text("comedy"), .integer(2),
        .text("https://example.com/a?b=c"), .text(#"["space","horror"]"#),
      ])
  }

  @Test func anUnsignedValueBeyondInt64IsRejectedAndNothingIsStored() async throws {
    let record = EdgeRecord.sample(uint64: .max)
    await #expect(
      throws: RepositoryError.invalidValue("'uint64' is 18446744073709551615, beyond a 64-bit signed integer")
    ) {
      try await records.insert(record)
    }
    #expect(try await records.fetchCount(FetchDescriptor()) == 0)
  }

  @Test func notANumberIsRejectedAndABatchStoresNothing() async throws {
    let good = EdgeRecord.sample()
    let bad = EdgeRecord.sample(double: .nan)
    await #expect(throws: RepositoryError.invalidValue("'double' is NaN, which SQLite cannot store")) {
      try await records.insert([good, bad])
    }
    #expect(try await records.fetchCount(FetchDescriptor()) == 0)
  }

  /// Reads one row with raw SQL, to see how values are really stored.
  private func storedRow(_ sql: String) throws -> [SQLValue] {
    let connection = try Connection(location: .file(folder.file("edges.store").path), readOnly: true)
    let statement = try connection.statement(sql)
    _ = try statement.step()
    return (0..<statement.columnCount).map { statement.value(at: $0) }
  }
}
