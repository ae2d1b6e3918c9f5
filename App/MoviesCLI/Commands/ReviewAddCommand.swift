import Catalog
import Foundation

/// `movies review add`: adds a review to a movie and prints its id.
struct ReviewAddCommand: MoviesCommand {
  static let configuration = CommandConfiguration(
    "add", in: .review, abstract: "Review a movie and print the review's id.",
    arguments: [movieID, text, author, rate, date])

  static let movieID = Argument<UUID>("movie-id", help: "The movie's id.")
  static let text = Option<String>("text", valueName: "TEXT", help: "The review.")
  static let author = Option<String>("author", valueName: "NAME", default: "", help: "Who wrote it.")
  static let rate = Option<Int?>("rate", valueName: "N", help: "A rating from 0 to 10.")
  static let date = Option<Date?>("date", valueName: "DATE", help: "When it was written (default: now).")

  let movieID: UUID
  let text: String
  let author: String
  let rate: Int?
  let date: Date?

  init(_ arguments: CommandArguments) throws(UsageError) {
    movieID = try arguments[Self.movieID]
    text = try arguments[Self.text]
    author = try arguments[Self.author]
    rate = try arguments[Self.rate]
    date = try arguments[Self.date]
  }

  func run(in context: CommandContext) async throws {
    let review = try await context.openCatalog().addReview(
      movieID: movieID, author: author, text: text, rate: rate, date: date ?? Date())
    context.console.line(UUIDText.lowercase(review.id))
  }
}
