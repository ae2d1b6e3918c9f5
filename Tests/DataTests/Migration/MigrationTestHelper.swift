import Foundation
import RepositoryTesting
import SQLValues
import SQLiteCore
import TestSupport
import Testing

@testable import Persistence

/// Room's `MigrationTestHelper`, for versioned schemas: makes a store at an old version with
/// seed data, migrates it with the app's plan, and compares it with a store created afresh at
/// the new version.
struct MigrationTestHelper {
  let plan: any SchemaMigrationPlan.Type
  let folder: TemporaryDirectory

  /// Creates a store at a version, recorded as such, and fills it through that version's models.
  func createStore(
    _ name: String, at version: any VersionedSchema.Type, seed: (MigrationContext) throws -> Void = { _ in }
  ) throws -> URL {
    let url = folder.file(name)
    let tables = try Schema(version.models).models.map { (model) throws(PersistenceError) in
      (model.identifier, try model.resolve())
    }
    let connection = try Connection(location: .file(url.path), readOnly: false)
    try connection.writeTransaction {
      for (_, table) in tables {
        for statement in table.createStatements { try connection.execute(statement) }
      }
      try SchemaRecord(
        version: version.versionIdentifier, fingerprint: try SchemaDescription.read(from: connection).fingerprint
      )
      .write(to: connection)
      try seed(
        MigrationContext(
          connection: connection, tables: Dictionary(uniqueKeysWithValues: tables), version: version.versionIdentifier,
          external: ExternalFiles(folder: url.appendingPathExtension("external"))))
    }
    return url
  }

  /// Opens a store with the plan, which migrates it to the latest version, and checks that its
  /// tables are exactly those of a store created afresh at that version.
  @discardableResult
  func migrate(_ url: URL, models: [any PersistentModel.Type]) throws -> ModelContainer {
    let container = try ModelContainer(
      for: models, migrationPlan: plan, configurations: [ModelConfiguration("Migrated", url: url)])
    let fresh = folder.file("fresh-\(UUID().uuidString).store")
    _ = try ModelContainer(for: models, migrationPlan: plan, configurations: [ModelConfiguration("Fresh", url: fresh)])
    let migrated = try SchemaDescription.read(from: try Connection(location: .file(url.path), readOnly: true))
    let created = try SchemaDescription.read(from: try Connection(location: .file(fresh.path), readOnly: true))
    #expect(migrated == created, "the migrated store's tables, columns, indexes and foreign keys")
    return container
  }
}
