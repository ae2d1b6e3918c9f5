import Catalog
import Foundation

/// `movies review delete`: deletes one review.
struct ReviewDeleteCommand: MoviesCommand {
  static let spec = CommandSpec(
    name: "delete",
    abstract: "Delete a review.",
    arguments: [.positional("review-id", help: "The review's id.")]
  )
  static let path = ["review", "delete"]

  let id: UUID

  init(_ arguments: ParsedArguments) throws(UsageError) {
    self.id = try Self.requiredID("review-id", in: arguments)
  }

  func run(in context: CommandContext) async throws {
    try await context.openCatalog().deleteReview(id: id)
    context.console.line("Deleted 1 review.")
  }
}
