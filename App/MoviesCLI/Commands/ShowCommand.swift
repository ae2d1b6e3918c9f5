import Catalog
import Foundation
import Repositories

/// `movies show ID`: shows one movie in full.
struct ShowCommand: MoviesCommand {
  static let configuration = CommandConfiguration(
    "show", abstract: "Show one movie in full.", arguments: [id, format])

  static let id = Argument<UUID>("id", help: "The movie's id.")
  static let format = OutputFormat.option

  let id: UUID
  let format: OutputFormat

  init(_ arguments: CommandArguments) throws(UsageError) {
    id = try arguments[Self.id]
    format = try arguments[Self.format]
  }

  func run(in context: CommandContext) async throws {
    let catalog = try await context.openCatalogToRead()
    // The images are shown by count, so their bytes are read only to check them: a damaged
    // image leaves every other field shown, with a note.
    let movie = try await catalog.get.withoutImages(id: id)
    var damage: String?
    if !movie.images.isEmpty {
      do {
        _ = try await catalog.get(id: id)
      } catch RepositoryError.unavailable(let message, _) {
        // The store opened: only the damage is news.
        damage = message
      } catch {
        damage = "\(error)"
      }
    }
    let reviews = try await catalog.listReviews(movieID: id)
    let tags = try await catalog.movieTags.names(of: [id])[id] ?? []
    if let damage { context.console.errorLine("movies: warning: the images cannot be read: \(damage)") }
    guard format == .table else {
      context.console.writeData(MovieOutput.json(movie, tags: tags))
      return
    }
    context.console.show(MovieOutput.detail(movie, tags: tags))
    if !reviews.isEmpty {
      context.console.show("reviews:\n" + (try ReviewRow.output(.table).render(reviews.map(ReviewRow.init))))
    }
  }
}
