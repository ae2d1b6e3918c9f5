import Catalog
import CatalogStorage
import Foundation
import Persistence

/// The catalog's current version as it was before `Tagging` was added to it.
enum CatalogBeforeTagging: VersionedSchema {
  static let versionIdentifier = CatalogMigrationPlan.current.versionIdentifier
  static let models = CatalogModels.all.filter { ObjectIdentifier($0) != ObjectIdentifier(Tagging.self) }
}

enum PlanBeforeTagging: SchemaMigrationPlan {
  static let schemas: [any VersionedSchema.Type] = [CatalogBeforeTagging.self]
  static let stages: [MigrationStage] = []
}

extension CatalogBeforeTagging {
  /// Creates a store at `url` as the app wrote it before `Tagging` was added, closed again: the
  /// catalog's current app sees `Tagging` as a model added to the current version.
  static func createStore(at url: URL) throws {
    try ModelContainer(
      for: models, migrationPlan: PlanBeforeTagging.self, configurations: [ModelConfiguration("Catalog", url: url)]
    ).close()
  }
}
