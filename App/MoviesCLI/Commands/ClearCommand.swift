import Catalog
import Foundation
import Persistence
import Repositories

/// `movies clear`: deletes every movie, after confirmation.
struct ClearCommand: MoviesCommand {
  static let configuration = CommandConfiguration(
    "clear", abstract: "Delete every movie in the catalog.",
    discussion: "Asks for confirmation when run at a terminal; without a terminal, --yes is required.",
    arguments: [yes])

  static let yes = Flag("yes", short: "y", help: "Do not ask for confirmation.")

  let confirmed: Bool

  init(_ arguments: CommandArguments) throws(UsageError) {
    confirmed = try arguments[Self.yes]
  }

  func run(in context: CommandContext) async throws {
    let catalog = try await context.openCatalog()
    if !confirmed {
      guard context.console.inputIsTerminal else {
        throw AppError.notConfirmed("refusing to clear the catalog without confirmation; pass --yes")
      }
      let count = try await catalog.movies.fetchCount(FetchDescriptor())
      context.console.prompt("Delete all \(count) movies from \(catalog.name)? [y/N] ")
      let answer = context.console.readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
      guard answer == "y" || answer == "yes" else {
        throw AppError.notConfirmed("nothing was deleted")
      }
    }
    let deleted = try await catalog.clear()
    context.console.line("Deleted \(deleted) \(deleted == 1 ? "movie" : "movies").")
  }
}
