import Catalog
import Foundation

/// `movies tag remove ID NAME…`: takes tags off a movie.
struct TagRemoveCommand: MoviesCommand {
  static let spec = CommandSpec(
    name: "remove",
    abstract: "Take one or more tags off a movie.",
    arguments: [
      .positional("movie-id", help: "The movie's id."),
      .positional("name", help: "The tags to take off.", repeatable: true),
    ]
  )
  static let path = ["tag", "remove"]

  let movieID: UUID
  let names: [String]

  init(_ arguments: ParsedArguments) throws(UsageError) {
    self.movieID = try Self.requiredID("movie-id", in: arguments)
    names = try Self.requiredValues("name", in: arguments)
  }

  func run(in context: CommandContext) async throws {
    let catalog = try context.openCatalog()
    _ = try await catalog.get.withoutImages(id: movieID)
    try await catalog.movieTags.remove(names, from: movieID)
    let tags = try await catalog.movieTags.names(of: [movieID])[movieID] ?? []
    context.console.line("Tags: " + (tags.isEmpty ? "none" : tags.joined(separator: ", ")))
  }
}
