import Catalog
import Foundation

/// `movies add`: adds a movie and prints its id.
struct AddCommand: MoviesCommand {
  static let configuration = CommandConfiguration(
    "add", abstract: "Add a movie to the catalog and print its id.",
    arguments: [title, content, date, rate, runtime, images])

  static let title = Option<String>("title", valueName: "TEXT", help: "The title (1 to 200 characters).")
  static let content = Option<String>(
    "content", valueName: "TEXT", default: "",
    help: "Notes or an overview (up to \(MovieRules.maximumContentLength) characters).")
  static let date = Option<Date?>(
    "date", valueName: "DATE", help: "YYYY-MM-DD or an ISO 8601 date-time (default: now).")
  static let rate = Option<Int>("rate", valueName: "N", default: 0, help: "A rating from 0 to 10 (default: 0).")
  static let runtime = Option<Int?>("runtime", valueName: "MINUTES", help: "The running time in minutes.")
  static let images = RepeatedOption<String>(
    "image", valueName: "PATH", help: "An image file to attach; repeat for more.")

  let title: String
  let content: String
  let date: Date?
  let rate: Int
  let runtime: Int?
  let imagePaths: [String]

  init(_ arguments: CommandArguments) throws(UsageError) {
    title = try arguments[Self.title]
    content = try arguments[Self.content]
    date = try arguments[Self.date]
    rate = try arguments[Self.rate]
    runtime = try arguments[Self.runtime]
    imagePaths = try arguments[Self.images]
  }

  func run(in context: CommandContext) async throws {
    let images = try ImageFiles.read(imagePaths)
    let date = date ?? Date()
    // What the catalog would refuse is refused before the store is opened: a refused first
    // `add` leaves no new, empty store behind.
    _ = try MovieRules.validated(Movie(title: title, content: content, date: date, rate: rate, runtime: runtime))
    let movie = try await context.openCatalog(creating: true).add(
      title: title, content: content, images: images, date: date, rate: rate, runtime: runtime)
    context.console.line(UUIDText.lowercase(movie.id))
  }
}
