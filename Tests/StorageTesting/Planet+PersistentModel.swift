public import Foundation
public import Persistence
public import RepositoryTesting

// The kit's planets as a store declares them: their unique name, and an index on the moon
// count the contract queries. Their attributes are inferred.
extension Planet: PersistentModel {
  /// The planets' table, its index on the moon count and its unique name.
  public static let entity = Entity<Planet>(
    table: "planets", indexes: [Entity.Index(\.moonCount)], unique: [Entity.Unique(\.name)])
}

extension Moon: PersistentModel {
  /// The moons' table, with an index on their planet.
  public static let entity = Entity<Moon>(table: "moons", indexes: [Entity.Index(\.planetID)])
}
