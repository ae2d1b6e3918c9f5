import Catalog
import CatalogStorage
import Foundation
import Persistence

/// `movies watch`: lists movies, then lists them again whenever the catalog changes — from
/// this process or any other.
struct WatchCommand: MoviesCommand {
  static let configuration = CommandConfiguration(
    "watch", abstract: "List movies, and list them again whenever the catalog changes.",
    discussion: """
      Takes every option of list. Changes made by any process, another movies included, are \
      seen within milliseconds on Linux, a tenth of a second elsewhere. Runs until interrupted \
      (Ctrl-C), or until --updates lists.
      """,
    arguments: ListCommand.configuration.arguments + [updates])

  static let updates = Option<Int?>("updates", valueName: "N", help: "Stop after listing N changes.")

  let list: ListCommand
  let updates: Int?

  init(_ arguments: CommandArguments) throws(UsageError) {
    updates = try arguments[Self.updates]
    list = try ListCommand(arguments)
  }

  func run(in context: CommandContext) async throws {
    let catalog = try await context.openCatalog()
    let changes = try await catalog.commits()
    try await list.output(from: catalog, to: context.console)
    var listed = 0
    if updates == 0 { return }
    for try await transaction in changes {
      guard updates.map({ listed < $0 }) ?? true else { break }
      listed += 1
      if list.format == .table {
        let author = transaction.author.map { " by \($0)" } ?? ""
        context.console.show("\n")
        context.console.line(
          "— changed at \(CatalogDate.readable(transaction.timestamp))\(author) (history \(transaction.token)) —")
      }
      try await list.output(from: catalog, to: context.console)
      if let updates, listed >= updates { break }
    }
  }
}
