import Catalog
import Foundation

/// `movies review list`: lists the reviews of a movie.
struct ReviewListCommand: MoviesCommand {
  static let configuration = CommandConfiguration(
    "list", in: .review, abstract: "List the reviews of a movie, oldest first.", arguments: [movieID, format])

  static let movieID = Argument<UUID>("movie-id", help: "The movie's id.")
  static let format = RowFormat.option

  let movieID: UUID
  let format: RowFormat

  init(_ arguments: CommandArguments) throws(UsageError) {
    movieID = try arguments[Self.movieID]
    format = try arguments[Self.format]
  }

  func run(in context: CommandContext) async throws {
    let catalog = try await context.openCatalogToRead()
    _ = try await catalog.get.withoutImages(id: movieID)
    let reviews = try await catalog.listReviews(movieID: movieID)
    try ReviewRow.output(format).write(reviews.map(ReviewRow.init), to: context.console)
  }
}
