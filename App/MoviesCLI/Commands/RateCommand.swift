import Catalog
import Foundation

/// `movies rate ID N`: sets a movie's rating.
struct RateCommand: MoviesCommand {
  static let configuration = CommandConfiguration(
    "rate", abstract: "Rate a movie from 0 to 10.", arguments: [id, rating])

  static let id = Argument<UUID>("id", help: "The movie's id.")
  static let rating = Argument<Int>("rating", help: "A rating from 0 to 10.")

  let id: UUID
  let rate: Int

  init(_ arguments: CommandArguments) throws(UsageError) {
    id = try arguments[Self.id]
    rate = try arguments[Self.rating]
  }

  func run(in context: CommandContext) async throws {
    try MovieRules.check(rate: rate)
    let movie = try await context.openCatalog().rate(id: id, rate: rate)
    context.console.line("\(movie.title): rated \(movie.rate)")
  }
}
