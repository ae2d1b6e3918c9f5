import CatalogStorage
import Foundation
import Persistence

/// `movies store info`: the catalog file's path, schema version, row counts and size; or the
/// database's server, schema version and row counts.
struct StoreInfoCommand: MoviesCommand {
  static let configuration = CommandConfiguration(
    "info", in: .store,
    abstract: "Show the catalog: its schema version, its rows, and its file's size or its database's server.",
    discussion: """
      Reads the catalog without changing it, so an old catalog is reported, not migrated. For a \
      PostgreSQL database it shows the URL without its password.
      """,
    arguments: [format])

  static let format = OutputFormat.option

  let format: OutputFormat

  init(_ arguments: CommandArguments) throws(UsageError) {
    format = try arguments[Self.format]
  }

  func run(in context: CommandContext) async throws {
    if case .server(let url) = context.store { return try await server(url, in: context) }
    let info = try StoreInspection(url: context.storeFile(for: "store info"), plan: CatalogMigrationPlan.self)
    let state = Self.state(
      version: info.version, problem: info.versionProblem, needsMigration: info.needsMigration,
      latest: info.latestVersion, added: info.addedModels, refusal: info.refusal)
    switch format {
    case .json:
      let object: [String: Any] = [
        "path": info.path, "refusal": info.refusal ?? NSNull(),
        "version": (info.version ?? info.recordedVersion)?.description ?? NSNull(),
        "latestVersion": info.latestVersion.description, "needsMigration": info.needsMigration,
        "addedModels": info.addedModels,
        "fingerprint": info.fingerprint, "rows": info.rowCounts, "size": info.size,
      ]
      context.console.writeData(try JSONOutput.serialize(object))
    case .table:
      Self.write(
        [
          ("path", info.path), ("version", (info.version ?? info.recordedVersion)?.description ?? "unknown"),
          ("state", state),
          ("size", ByteCountFormatter.string(fromByteCount: Int64(info.size), countStyle: .file)),
          ("fingerprint", info.fingerprint),
        ], rows: info.rowCounts, to: context.console)
    }
  }

  /// The same for a PostgreSQL database: its server instead of a file's path and size.
  private func server(_ url: String, in context: CommandContext) async throws {
    // A database without the catalog is refused, as a missing store file is.
    _ = try await Catalog.missingTables(server: url, busyTimeout: context.busyTimeout)
    let info = try await PostgresStoreInspection(
      url: url, plan: CatalogMigrationPlan.self, busyTimeout: context.busyTimeout)
    let state = Self.state(
      version: info.version, problem: info.versionProblem, needsMigration: info.needsMigration,
      latest: info.latestVersion, added: info.addedModels, refusal: info.refusal)
    let version = (info.version ?? info.recordedVersion)?.description
    switch format {
    case .json:
      let object: [String: Any] = [
        "server": info.displayURL, "serverVersion": info.serverVersion, "version": version ?? NSNull(),
        "refusal": info.refusal ?? NSNull(),
        "latestVersion": info.latestVersion.description, "needsMigration": info.needsMigration,
        "addedModels": info.addedModels, "rows": info.rowCounts,
      ]
      context.console.writeData(try JSONOutput.serialize(object))
    case .table:
      Self.write(
        [
          ("server", info.displayURL), ("PostgreSQL", info.serverVersion), ("version", version ?? "unknown"),
          ("state", state),
        ], rows: info.rowCounts, to: context.console)
    }
  }

  /// The catalog's state against this app's schema, in words.
  private static func state(
    version: Schema.Version?, problem: String?, needsMigration: Bool, latest: Schema.Version, added: [String],
    refusal: String? = nil
  ) -> String {
    if let refusal { return "refused by every command: \(refusal)" }
    return switch (version, needsMigration) {
    case (nil, _): "unknown: " + (problem ?? "its tables match no version of this app")
    case (_, true): "needs a migration to \(latest) (movies store migrate)"
    case _ where !added.isEmpty:
      "up to date; the next command but store info or check creates the tables of " + added.joined(separator: ", ")
    default: "up to date"
    }
  }

  /// Labelled lines, aligned, then a line for each table's row count.
  private static func write(_ lines: [(String, String)], rows: [String: Int], to console: Console) {
    let lines = lines + rows.sorted { $0.key < $1.key }.map { ("rows in \($0.key)", "\($0.value)") }
    let width = lines.map(\.0.count).max() ?? 0
    for (label, value) in lines {
      console.line(label + ":" + String(repeating: " ", count: width - label.count + 2) + value)
    }
  }
}
