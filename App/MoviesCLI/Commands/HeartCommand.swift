import Catalog
import Foundation

/// `movies heart ID`: adds a heart to a movie.
struct HeartCommand: MoviesCommand {
  static let configuration = CommandConfiguration(
    "heart", abstract: "Give a movie one more heart.", arguments: [id])

  static let id = Argument<UUID>("id", help: "The movie's id.")

  let id: UUID

  init(_ arguments: CommandArguments) throws(UsageError) {
    id = try arguments[Self.id]
  }

  func run(in context: CommandContext) async throws {
    let movie = try await context.openCatalog().heart(id: id)
    context.console.line("\(movie.title): \(movie.heart) ♥")
  }
}
