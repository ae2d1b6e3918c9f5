import CatalogStorage
import Foundation
import Persistence

/// `movies store migrate`: brings the catalog — a file or a database — to the app's schema
/// version.
struct StoreMigrateCommand: MoviesCommand {
  static let configuration = CommandConfiguration(
    "migrate", in: .store, abstract: "Migrate the catalog to this app's schema version.",
    discussion: """
      Every command migrates an old catalog when it opens it; this one does only that, and can \
      keep a copy of a catalog file first. The migration is one transaction: if it fails or is \
      interrupted, the catalog is left exactly as it was (a PostgreSQL database too: its \
      changes of tables are part of the transaction).
      """,
    arguments: [backup])

  static let backup = Flag(
    "backup", help: "First copy the catalog file to <file>.<old version>.backup (not for a database).")

  let backup: Bool

  init(_ arguments: CommandArguments) throws(UsageError) {
    backup = try arguments[Self.backup]
  }

  func run(in context: CommandContext) async throws {
    if case .server(let url) = context.store {
      if backup { throw AppError.needsStoreFile(command: "store migrate --backup") }
      let before = try await PostgresStoreInspection(
        url: url, plan: CatalogMigrationPlan.self, busyTimeout: context.busyTimeout)
      // Opening migrates, records an unrecorded database, or reports one it cannot open.
      _ = try await context.openCatalog()
      report(
        from: before.version, to: before.latestVersion, migrated: before.needsMigration,
        added: before.addedModels, to: context.console)
      return
    }
    let url = try context.storeFile(for: "store migrate")
    let before = try StoreInspection(url: url, plan: CatalogMigrationPlan.self)
    // Opening reports a store of an unknown or newer version, and records an adopted one. What
    // it did is the engine's to say: another process may have migrated the store meanwhile.
    let catalog = try await context.openCatalog(backupBeforeMigration: backup && before.needsMigration)
    let migrated = catalog.container.migratedVersion(ofStoreAt: url)
    report(
      from: migrated, to: before.latestVersion, migrated: migrated != nil,
      added: migrated == nil && before.needsMigration ? [] : before.addedModels, to: context.console)
    if let migrated, backup, let copy = before.backupURL, before.version == migrated {
      context.console.line("Backup: \(copy.path)")
    }
  }

  /// Says what opening the catalog did: migrated it from a version, or found it current (and
  /// created the tables of models added to its version).
  private func report(
    from version: Schema.Version?, to latest: Schema.Version, migrated: Bool, added: [String], to console: Console
  ) {
    if migrated, let version {
      console.line("Migrated the catalog from version \(version) to \(latest).")
      return
    }
    console.line("The catalog is at version \(latest) already.")
    if !added.isEmpty { console.line("Created the tables of \(added.joined(separator: ", ")), added to it.") }
  }
}
