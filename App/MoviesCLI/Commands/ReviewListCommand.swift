import Catalog
import Foundation

/// `movies review list`: lists the reviews of a movie.
struct ReviewListCommand: MoviesCommand {
  static let spec = CommandSpec(
    name: "list",
    abstract: "List the reviews of a movie, oldest first.",
    arguments: [
      .positional("movie-id", help: "The movie's id."),
      .option("format", valueName: "FORMAT", help: "table or json (default: table)."),
    ]
  )
  static let path = ["review", "list"]

  let movieID: UUID
  let format: OutputFormat

  init(_ arguments: ParsedArguments) throws(UsageError) {
    self.movieID = try Self.requiredID("movie-id", in: arguments)
    format = try arguments.value("format", as: OutputFormat.self) ?? .table
  }

  func run(in context: CommandContext) async throws {
    let catalog = try context.openCatalog()
    _ = try await catalog.get.withoutImages(id: movieID)
    let reviews = try await catalog.listReviews(movieID: movieID)
    if format == .json {
      context.console.writeData(try ReviewOutput.json(reviews))
    } else {
      context.console.show(ReviewOutput.table(reviews))
    }
  }
}
