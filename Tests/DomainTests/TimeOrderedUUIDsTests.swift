import Foundation
import Repositories
import Testing

@Suite("Time-ordered identifiers for bulk writes")
struct TimeOrderedUUIDsTests {
  @Test func identifiersAreVersionSevenDistinctAndGrowAcrossRefills() {
    var source = TimeOrderedUUIDs()
    let before = UInt64(Date().timeIntervalSince1970 * 1000)
    // 5,000 identifiers take several reads of the system's random source.
    let ids = (0..<5000).map { _ in source.make() }
    let after = UInt64(Date().timeIntervalSince1970 * 1000)
    #expect(Set(ids).count == ids.count)
    for id in ids {
      #expect(id.uuid.6 >> 4 == 7, "version 7")
      #expect(id.uuid.8 >> 6 == 0b10, "the RFC 9562 variant")
    }
    let bytes = ids.map { withUnsafeBytes(of: $0.uuid) { Array($0) } }
    for (earlier, later) in zip(bytes, bytes.dropFirst()) {
      #expect(earlier.lexicographicallyPrecedes(later), "each identifier sorts after the one before it")
    }
    // The first 48 bits are the milliseconds the identifier was made at.
    let first = bytes[0].prefix(6).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    #expect(first >= before && first <= after)
  }

  @Test func twoSourcesMakeDifferentIdentifiersInTheSameMillisecond() {
    var one = TimeOrderedUUIDs()
    var other = TimeOrderedUUIDs()
    let ids = (0..<1000).flatMap { _ in [one.make(), other.make()] }
    #expect(Set(ids).count == ids.count)
  }
}
