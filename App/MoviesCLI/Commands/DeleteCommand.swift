import Catalog
import Foundation

/// `movies delete ID…`: deletes movies, all or none.
struct DeleteCommand: MoviesCommand {
  static let configuration = CommandConfiguration(
    "delete", abstract: "Delete movies by id.",
    discussion: "Either every movie named is deleted, or, if one is unknown, none is.",
    arguments: [ids])

  static let ids = RepeatedArgument<UUID>("id", help: "The ids of the movies to delete.")

  let ids: [UUID]

  init(_ arguments: CommandArguments) throws(UsageError) {
    ids = try arguments[Self.ids]
  }

  func run(in context: CommandContext) async throws {
    let unique = ids.reduce(into: [UUID]()) { if !$0.contains($1) { $0.append($1) } }
    try await context.openCatalog().delete(ids: unique)
    context.console.line("Deleted \(unique.count) \(unique.count == 1 ? "movie" : "movies").")
  }
}
