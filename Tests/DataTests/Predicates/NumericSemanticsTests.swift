import Foundation
import Persistence
import Repositories
import RepositoryTesting
import TestSupport
import Testing

/// Numbers answer as in Swift: each integer width overflows where Swift's would, `Float`
/// arithmetic rounds as `Float`, NaN compares as IEEE 754 says, and the values inside JSON
/// attributes keep their Swift types.
@Suite("Predicates compute with Swift's numbers")
struct NumericSemanticsTests {
  static let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!

  let records: [NumericRecord] = {
    var zero = NumericRecord.sample(id: 1)
    zero.ids = [NumericSemanticsTests.uuid]
    var big = NumericRecord.sample(id: 2)
    big.i8 = 100
    big.i16 = 30_000
    big.i32 = 2_000_000_000
    big.u = 3
    big.u8 = 200
    big.f = 16_777_216
    big.d = .infinity
    big.scores = .init(whole: 999_999_999_999_999, single: 0.1, singles: [0.1, 0.2])
    var small = NumericRecord.sample(id: 3)
    small.i8 = -128
    small.i16 = -30_000
    small.u = 10
    small.u8 = 10
    small.f = 1
    small.d = 2
    small.scores = .init(whole: 3, single: 0.5, singles: [0.5])
    return [zero, big, small]
  }()

  func repositories() async throws -> (
    sqlite: SQLiteRepository<NumericRecord>, swift: InMemoryRepository<NumericRecord>
  ) {
    let container = try ModelContainer(
      for: NumericRecord.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    let sqlite = try SQLiteRepository<NumericRecord>(container: container)
    try await sqlite.insert(records)
    return (sqlite, try InMemoryRepository(records))
  }

  /// The ids SQLite keeps, required to be those Swift keeps.
  @discardableResult
  func agree(_ predicate: Predicate<NumericRecord>, _ comment: Comment) async throws -> [Int] {
    let (sqlite, swift) = try await repositories()
    let stored = try await sqlite.fetch(FetchDescriptor(predicate: predicate, sortBy: [SortDescriptor(\.id)]))
    let expected = try await swift.fetch(FetchDescriptor(predicate: predicate, sortBy: [SortDescriptor(\.id)]))
    #expect(stored.map(\.id) == expected.map(\.id), comment)
    return stored.map(\.id)
  }

  /// Requires that the query fails, as Swift's evaluation would trap on some row.
  func fails(_ predicate: Predicate<NumericRecord>, with message: String, _ comment: Comment) async throws {
    let (sqlite, _) = try await repositories()
    await #expect(comment) {
      _ = try await sqlite.fetch(FetchDescriptor(predicate: predicate))
    } throws: { error in
      guard case RepositoryError.queryFailed(let text) = error else { return false }
      return text.contains(message)
    }
  }

  @Test func narrowIntegersOverflowWhereSwiftTraps() async throws {
    let hundred: Int8 = 100
    try await fails(#Predicate { $0.i8 + hundred > 0 }, with: "overflow", "Int8 100 + 100")
    try await fails(#Predicate { $0.i8 - hundred > 0 }, with: "overflow", "Int8 -128 - 100")
    try await fails(#Predicate { -$0.i8 > 0 }, with: "overflow", "-Int8.min")
    try await fails(#Predicate { $0.i16 * 2 > 0 }, with: "overflow", "Int16 30,000 * 2")
    try await fails(#Predicate { $0.i32 + 2_000_000_000 > 0 }, with: "overflow", "Int32")
    try await fails(#Predicate { $0.u8 + 100 > 0 }, with: "overflow", "UInt8 200 + 100")
    let minusOne: Int8 = -1
    try await fails(#Predicate { $0.i8 / minusOne > 0 }, with: "overflow", "Int8.min / -1")
    try await fails(#Predicate { $0.i8 % minusOne == 0 }, with: "overflow", "Int8.min % -1")
    try await fails(#Predicate { 100 / $0.i8 > 0 }, with: "division by zero", "Int8 100 / 0")
  }

  @Test func unsignedSubtractionBelowZeroFailsInsteadOfDroppingTheRow() async throws {
    let five: UInt = 5
    try await fails(#Predicate { $0.u - five > 0 }, with: "overflow", "UInt 3 - 5")
    // Where no row goes below zero, the answer is Swift's.
    try await agree(#Predicate { $0.u >= five && $0.u - five > 0 }, "guarded UInt subtraction")
  }

  @Test func aGuardedConditionUsedAsAValueIsShortCircuited() async throws {
    let ids = try await agree(
      #Predicate { ($0.i16 != 0 && 30_000 % $0.i16 == 0) == false }, "&& guarding a remainder")
    #expect(ids == [1])
    try await agree(#Predicate { ($0.u8 == 0 || 100 / $0.u8 > 5) == true }, "|| guarding a division")
    try await agree(#Predicate { !($0.u8 != 0 && 100 / $0.u8 > 5) }, "a negated guard")
  }

  @Test func floatArithmeticRoundsAsFloat() async throws {
    // 16,777,216 + 1 is 16,777,216 again in Float.
    let ids = try await agree(#Predicate { $0.f + 1 == $0.f }, "Float rounding")
    #expect(ids == [2])
    try await agree(#Predicate { $0.f / 3 * 3 == $0.f }, "Float division")
  }

  @Test func nanComparesAsIEEESays() async throws {
    // 0 / 0 and infinity - infinity are NaN: equal to nothing, not even itself.
    try await agree(#Predicate { $0.d / $0.d == $0.d / $0.d }, "NaN == NaN")
    let ids = try await agree(#Predicate { $0.d / $0.d != $0.d / $0.d }, "NaN != NaN")
    #expect(ids == [1, 2])
    try await agree(#Predicate { !($0.d - $0.d < 1) }, "! of a comparison with NaN")
    try await agree(#Predicate { ($0.d - $0.d >= 0) == false }, "a comparison with NaN as a value")
    try await agree(#Predicate { (0.0...1.0).contains($0.d * 0) }, "NaN in no range")
    try await agree(#Predicate { ($0.id > 2 ? $0.d : $0.d - $0.d) != 0 }, "NaN through a conditional")
  }

  @Test func wholeNumberDoublesInJSONStayDoubles() async throws {
    // JSON holds 999,999,999,999,999 as an integer; times 100 it is past 2^53, where Double
    // arithmetic rounds and integer arithmetic does not.
    let product = 999_999_999_999_999.0 * 100
    let ids = try await agree(#Predicate { $0.scores.whole * 100 == product }, "JSON whole times 100")
    #expect(ids == [2])
  }

  @Test func floatsInJSONReadBackAsFloats() async throws {
    let tenth: Float = 0.1
    let ids = try await agree(#Predicate { $0.scores.single == tenth }, "JSON Float")
    #expect(ids == [2])
    try await agree(#Predicate { $0.scores.singles.contains(tenth) }, "JSON [Float]")
  }

  @Test func anArrayOfUUIDsHoldsItsUUIDs() async throws {
    let uuid = Self.uuid
    let ids = try await agree(#Predicate { $0.ids.contains(uuid) }, "[UUID].contains")
    #expect(ids == [1])
  }
}
