import Catalog
import Foundation
import Persistence
import Repositories

/// `movies clear`: deletes every movie, after confirmation.
struct ClearCommand: MoviesCommand {
  static let spec = CommandSpec(
    name: "clear",
    abstract: "Delete every movie in the catalog.",
    discussion: "Asks for confirmation when run at a terminal; without a terminal, --yes is required.",
    arguments: [.flag("yes", short: "y", help: "Do not ask for confirmation.")]
  )

  let confirmed: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    confirmed = arguments.flag("yes")
  }

  func run(in context: CommandContext) async throws {
    let catalog = try context.openCatalog()
    if !confirmed {
      guard context.console.inputIsTerminal else {
        throw AppError.notConfirmed("refusing to clear the catalog without confirmation; pass --yes")
      }
      let count = try await catalog.movies.fetchCount(FetchDescriptor())
      context.console.prompt("Delete all \(count) movies from \(catalog.url.path)? [y/N] ")
      let answer = context.console.readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
      guard answer == "y" || answer == "yes" else {
        throw AppError.notConfirmed("nothing was deleted")
      }
    }
    let deleted = try await catalog.clear()
    context.console.line("Deleted \(deleted) \(deleted == 1 ? "movie" : "movies").")
  }
}
