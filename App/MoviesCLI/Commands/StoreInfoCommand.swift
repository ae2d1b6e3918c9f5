import CatalogStorage
import Foundation
import Persistence

/// `movies store info`: the catalog file's path, schema version, row counts and size.
struct StoreInfoCommand: MoviesCommand {
  static let configuration = CommandConfiguration(
    "info", in: .store, abstract: "Show the catalog file: its schema version, its rows and its size.",
    discussion: "Reads the file without changing it, so an old catalog is reported, not migrated.",
    arguments: [format])

  static let format = OutputFormat.option

  let format: OutputFormat

  init(_ arguments: CommandArguments) throws(UsageError) {
    format = try arguments[Self.format]
  }

  func run(in context: CommandContext) async throws {
    let info = try StoreInspection(url: context.storeFile(for: "store info"), plan: CatalogMigrationPlan.self)
    let state =
      switch (info.version, info.needsMigration) {
      case (nil, _): "unknown: " + (info.versionProblem ?? "its tables match no version of this app")
      case (_, true): "needs a migration to \(info.latestVersion) (movies store migrate)"
      case _ where !info.addedModels.isEmpty:
        "up to date; the next command but store info or check creates the tables of "
          + info.addedModels.joined(separator: ", ")
      default: "up to date"
      }
    switch format {
    case .json:
      let object: [String: Any] = [
        "path": info.path, "version": (info.version ?? info.recordedVersion)?.description ?? NSNull(),
        "latestVersion": info.latestVersion.description, "needsMigration": info.needsMigration,
        "addedModels": info.addedModels,
        "fingerprint": info.fingerprint, "rows": info.rowCounts, "size": info.size,
      ]
      context.console.writeData(try JSONOutput.serialize(object))
    case .table:
      var lines = [
        ("path", info.path), ("version", (info.version ?? info.recordedVersion)?.description ?? "unknown"),
        ("state", state),
        ("size", ByteCountFormatter.string(fromByteCount: Int64(info.size), countStyle: .file)),
        ("fingerprint", info.fingerprint),
      ]
      lines += info.rowCounts.sorted { $0.key < $1.key }.map { ("rows in \($0.key)", "\($0.value)") }
      let width = lines.map(\.0.count).max() ?? 0
      for (label, value) in lines {
        context.console.line(label + ":" + String(repeating: " ", count: width - label.count + 2) + value)
      }
    }
  }
}
