import Catalog
import CatalogStorage
import Persistence
import RepositoryTesting
import StorageTesting
import TestSupport
import Testing

/// The unique keys a contract fixture gives the in-memory repository are those its model's
/// `Entity` declares, so the in-memory repository enforces what SQLite enforces.
@Suite("Contract fixtures declare their entities' unique keys")
struct ContractFixtureKeysTests {
  @Test func movieFixtureDeclaresMovieEntityUniqueKeys() {
    #expect(MovieContractFixture.keys.unique.map(\.attributes) == Self.uniqueColumns(of: Movie.self))
  }

  @Test func planetFixtureDeclaresPlanetEntityUniqueKeys() {
    #expect(PlanetFixture.keys.unique.map(\.attributes) == Self.uniqueColumns(of: Planet.self))
  }

  @Test func novelFixtureDeclaresNovelEntityUniqueKeys() {
    #expect(NovelContractFixture.keys.unique.map(\.attributes) == Self.uniqueColumns(of: NovelRecord.self))
  }

  private static func uniqueColumns<Model: PersistentModel>(of type: Model.Type) -> [[String]] {
    Model.entity.indexes.filter(\.isUnique).map(\.columns)
  }
}
