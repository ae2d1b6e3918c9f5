import Catalog
import Foundation

/// `movies heart ID`: adds a heart to a movie.
struct HeartCommand: MoviesCommand {
  static let spec = CommandSpec(
    name: "heart",
    abstract: "Give a movie one more heart.",
    arguments: [.positional("id", help: "The movie's id.")]
  )

  let id: UUID

  init(_ arguments: ParsedArguments) throws(UsageError) {
    self.id = try Self.requiredID("id", in: arguments)
  }

  func run(in context: CommandContext) async throws {
    let movie = try await context.openCatalog().heart(id: id)
    context.console.line("\(movie.title): \(movie.heart) ♥")
  }
}
