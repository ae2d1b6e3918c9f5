import Catalog
import Foundation

/// `movies tag add ID NAME…`: gives a movie tags, creating new ones as needed.
struct TagAddCommand: MoviesCommand {
  static let spec = CommandSpec(
    name: "add",
    abstract: "Give a movie one or more tags.",
    arguments: [
      .positional("movie-id", help: "The movie's id."),
      .positional("name", help: "The tags to give it.", repeatable: true),
    ]
  )
  static let path = ["tag", "add"]

  let movieID: UUID
  let names: [String]

  init(_ arguments: ParsedArguments) throws(UsageError) {
    self.movieID = try Self.requiredID("movie-id", in: arguments)
    names = try Self.requiredValues("name", in: arguments)
  }

  func run(in context: CommandContext) async throws {
    let catalog = try context.openCatalog()
    try await catalog.movieTags.add(names, to: movieID)
    let tags = try await catalog.movieTags.names(of: [movieID])[movieID] ?? []
    context.console.line("Tags: \(tags.joined(separator: ", "))")
  }
}
