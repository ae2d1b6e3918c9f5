// The context of a snippet about schema versions: top-level code with a frozen copy of a model
// as an old version declared it (`MovieV1`), and two versions, `V1` and `V2`, listing it.
import Foundation
import Persistence
import Repositories

struct MovieV1: PersistentModel, Codable, Sendable, Hashable, Identifiable {
  static let entity = Entity<MovieV1>(table: "movies")
  var id: UUID
  var title: String
  var date: Date
}

enum V1: VersionedSchema {
  static let versionIdentifier = Schema.Version(1, 0, 0)
  static let models: [any PersistentModel.Type] = [MovieV1.self]
}

enum V2: VersionedSchema {
  static let versionIdentifier = Schema.Version(2, 0, 0)
  static let models: [any PersistentModel.Type] = [MovieV1.self]
}

// snippet
