import Catalog
import Foundation

/// `movies tag remove ID NAME…`: takes tags off a movie.
struct TagRemoveCommand: MoviesCommand {
  static let configuration = CommandConfiguration(
    "remove", in: .tag, abstract: "Take one or more tags off a movie.", arguments: [movieID, names])

  static let movieID = Argument<UUID>("movie-id", help: "The movie's id.")
  static let names = RepeatedArgument<String>("name", help: "The tags to take off.")

  let movieID: UUID
  let names: [String]

  init(_ arguments: CommandArguments) throws(UsageError) {
    movieID = try arguments[Self.movieID]
    names = try arguments[Self.names]
  }

  func run(in context: CommandContext) async throws {
    let catalog = try await context.openCatalog()
    _ = try await catalog.get.withoutImages(id: movieID)
    try await catalog.movieTags.remove(names, from: movieID)
    let tags = try await catalog.movieTags.names(of: [movieID])[movieID] ?? []
    context.console.line("Tags: " + (tags.isEmpty ? "none" : tags.joined(separator: ", ")))
  }
}
