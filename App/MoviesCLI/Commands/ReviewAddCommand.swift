import Catalog
import Foundation

/// `movies review add`: adds a review to a movie and prints its id.
struct ReviewAddCommand: MoviesCommand {
  static let spec = CommandSpec(
    name: "add",
    abstract: "Review a movie and print the review's id.",
    arguments: [
      .positional("movie-id", help: "The movie's id."),
      .option("text", valueName: "TEXT", help: "The review.", required: true),
      .option("author", valueName: "NAME", help: "Who wrote it."),
      .option("rate", valueName: "N", help: "A rating from 0 to 10."),
      .option("date", valueName: "DATE", help: "When it was written (default: now)."),
    ]
  )
  static let path = ["review", "add"]

  let movieID: UUID
  let text: String
  let author: String
  let rate: Int?
  let date: Date?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    self.movieID = try Self.requiredID("movie-id", in: arguments)
    text = arguments.string("text") ?? ""
    author = arguments.string("author") ?? ""
    rate = try arguments.value("rate", as: Int.self)
    date = try arguments.value("date", as: Date.self)
  }

  func run(in context: CommandContext) async throws {
    let review = try await context.openCatalog().addReview(
      movieID: movieID, author: author, text: text, rate: rate, date: date ?? Date())
    context.console.line(review.id.uuidString.lowercased())
  }
}
