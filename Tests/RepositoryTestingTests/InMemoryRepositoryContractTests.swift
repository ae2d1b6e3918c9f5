import RepositoryTesting
import Testing

/// The kit's own run of its contract: the in-memory repository and its store's unit of work,
/// with the kit's planets, and nothing of any app.
@Suite("InMemoryRepository obeys the repository contract for planets")
struct InMemoryRepositoryContractTests {
  static let contract = RepositoryContract(PlanetFixture())

  @Test(arguments: contract.checkNames)
  func inMemory(_ check: String) async throws {
    try await Self.contract.run(check) { .inMemory(keys: PlanetFixture.keys) }
  }

  @Test func aFixtureWithoutBoolAttributesLeavesTheirChecksOut() {
    struct Plain: RepositoryContractFixture {
      let base = PlanetFixture()
      var keys: ModelKeys<Planet> { base.keys }
      var attribute: any KeyPath<Planet, Int> & Sendable { base.attribute }
      var edgeCases: [Planet] { base.edgeCases }
      func model(_ number: Int, using generator: inout SplitMix64) -> Planet { base.model(number, using: &generator) }
      func changing(_ planet: Planet) -> Planet { base.changing(planet) }
    }
    let plain = RepositoryContract(Plain()).checkNames
    #expect(plain.count == Self.contract.checkNames.count - 3)
    #expect(Set(plain).isSubset(of: Self.contract.checkNames))
  }
}
