import Catalog
import Foundation

/// `movies delete ID…`: deletes movies, all or none.
struct DeleteCommand: MoviesCommand {
  static let spec = CommandSpec(
    name: "delete",
    abstract: "Delete movies by id.",
    discussion: "Either every movie named is deleted, or, if one is unknown, none is.",
    arguments: [.positional("id", help: "The ids of the movies to delete.", repeatable: true)]
  )

  let ids: [UUID]

  init(_ arguments: ParsedArguments) throws(UsageError) {
    ids = try arguments.values("id", as: UUID.self)
    guard !ids.isEmpty else { throw Self.usage(.missingArgument("<id>")) }
  }

  func run(in context: CommandContext) async throws {
    let unique = ids.reduce(into: [UUID]()) { if !$0.contains($1) { $0.append($1) } }
    try await context.openCatalog().delete(ids: unique)
    context.console.line("Deleted \(unique.count) \(unique.count == 1 ? "movie" : "movies").")
  }
}
