import Catalog
import Foundation

/// `movies tag add ID NAME…`: gives a movie tags, creating new ones as needed.
struct TagAddCommand: MoviesCommand {
  static let configuration = CommandConfiguration(
    "add", in: .tag, abstract: "Give a movie one or more tags.", arguments: [movieID, names])

  static let movieID = Argument<UUID>("movie-id", help: "The movie's id.")
  static let names = RepeatedArgument<String>("name", help: "The tags to give it.")

  let movieID: UUID
  let names: [String]

  init(_ arguments: CommandArguments) throws(UsageError) {
    movieID = try arguments[Self.movieID]
    names = try arguments[Self.names]
  }

  func run(in context: CommandContext) async throws {
    let catalog = try await context.openCatalog()
    try await catalog.movieTags.add(names, to: movieID)
    let tags = try await catalog.movieTags.names(of: [movieID])[movieID] ?? []
    context.console.line("Tags: \(tags.joined(separator: ", "))")
  }
}
