import Foundation
import Repositories
import Testing

@Suite("Random identifiers read in bulk")
struct RandomUUIDsTests {
  @Test func identifiersAreVersionFourDistinctAndSurviveRefills() {
    var source = RandomUUIDs()
    // 1,000 identifiers take four reads of the system's random source.
    let ids = (0..<1000).map { _ in source.make() }
    #expect(Set(ids).count == ids.count)
    for id in ids {
      #expect(id.uuid.6 >> 4 == 4, "version 4")
      #expect(id.uuid.8 >> 6 == 0b10, "the RFC 4122 variant")
    }
  }
}
