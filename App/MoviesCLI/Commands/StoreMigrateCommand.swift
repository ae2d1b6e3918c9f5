import CatalogStorage
import Foundation
import Persistence

/// `movies store migrate`: brings the catalog file to the app's schema version.
struct StoreMigrateCommand: MoviesCommand {
  static let configuration = CommandConfiguration(
    "migrate", in: .store, abstract: "Migrate the catalog file to this app's schema version.",
    discussion: """
      Every command migrates an old catalog when it opens it; this one does only that, and can \
      keep a copy first. The migration is one transaction: if it fails or is interrupted, the \
      catalog is left exactly as it was.
      """,
    arguments: [backup])

  static let backup = Flag("backup", help: "First copy the catalog to <file>.<old version>.backup.")

  let backup: Bool

  init(_ arguments: CommandArguments) throws(UsageError) {
    backup = try arguments[Self.backup]
  }

  func run(in context: CommandContext) async throws {
    let url = try context.storeFile(for: "store migrate")
    let before = try StoreInspection(url: url, plan: CatalogMigrationPlan.self)
    guard let version = before.version, before.needsMigration else {
      // Opening reports a store of an unknown or newer version, and records an adopted one.
      _ = try await context.openCatalog()
      context.console.line("The catalog is at version \(before.latestVersion) already.")
      if !before.addedModels.isEmpty {
        context.console.line("Created the tables of \(before.addedModels.joined(separator: ", ")), added to it.")
      }
      return
    }
    _ = try await context.openCatalog(backupBeforeMigration: backup)
    context.console.line("Migrated the catalog from version \(version) to \(before.latestVersion).")
    if backup, let copy = before.backupURL { context.console.line("Backup: \(copy.path)") }
  }
}
