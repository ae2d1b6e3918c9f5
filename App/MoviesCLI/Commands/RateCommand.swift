import Catalog
import Foundation

/// `movies rate ID N`: sets a movie's rating.
struct RateCommand: MoviesCommand {
  static let spec = CommandSpec(
    name: "rate",
    abstract: "Rate a movie from 0 to 10.",
    arguments: [
      .positional("id", help: "The movie's id."),
      .positional("rating", help: "A rating from 0 to 10."),
    ]
  )

  let id: UUID
  let rate: Int

  init(_ arguments: ParsedArguments) throws(UsageError) {
    let id = try Self.requiredID("id", in: arguments)
    guard let rate = try arguments.value("rating", as: Int.self) else {
      throw Self.usage(.missingArgument("<rating>"))
    }
    self.id = id
    self.rate = rate
  }

  func run(in context: CommandContext) async throws {
    try MovieRules.check(rate: rate)
    let movie = try await context.openCatalog().rate(id: id, rate: rate)
    context.console.line("\(movie.title): rated \(movie.rate)")
  }
}
