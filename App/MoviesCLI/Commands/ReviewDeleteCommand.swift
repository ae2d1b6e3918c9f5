import Catalog
import Foundation

/// `movies review delete`: deletes one review.
struct ReviewDeleteCommand: MoviesCommand {
  static let configuration = CommandConfiguration(
    "delete", in: .review, abstract: "Delete a review.", arguments: [id])

  static let id = Argument<UUID>("review-id", help: "The review's id.")

  let id: UUID

  init(_ arguments: CommandArguments) throws(UsageError) {
    id = try arguments[Self.id]
  }

  func run(in context: CommandContext) async throws {
    try await context.openCatalog().deleteReview(id: id)
    context.console.line("Deleted 1 review.")
  }
}
