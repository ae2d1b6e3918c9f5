import Catalog
import Foundation

/// `movies add`: adds a movie and prints its id.
struct AddCommand: MoviesCommand {
  static let spec = CommandSpec(
    name: "add",
    abstract: "Add a movie to the catalog and print its id.",
    arguments: [
      .option("title", valueName: "TEXT", help: "The title (1 to 200 characters).", required: true),
      .option("content", valueName: "TEXT", help: "Notes or an overview."),
      .option("date", valueName: "DATE", help: "YYYY-MM-DD or an ISO 8601 date-time (default: now)."),
      .option("rate", valueName: "N", help: "A rating from 0 to 10 (default: 0)."),
      .option("runtime", valueName: "MINUTES", help: "The running time in minutes."),
      .option("image", valueName: "PATH", help: "An image file to attach; repeat for more.", repeatable: true),
    ]
  )

  let title: String
  let content: String
  let date: Date?
  let rate: Int
  let runtime: Int?
  let imagePaths: [String]

  init(_ arguments: ParsedArguments) throws(UsageError) {
    title = arguments.string("title") ?? ""
    content = arguments.string("content") ?? ""
    date = try arguments.value("date", as: Date.self)
    rate = try arguments.value("rate", as: Int.self) ?? 0
    runtime = try arguments.value("runtime", as: Int.self)
    imagePaths = arguments.strings("image")
  }

  func run(in context: CommandContext) async throws {
    let images = try ImageFiles.read(imagePaths)
    let date = date ?? Date()
    // What the catalog would refuse is refused before the store is opened: a refused first
    // `add` leaves no new, empty store behind.
    _ = try MovieRules.validated(Movie(title: title, content: content, date: date, rate: rate, runtime: runtime))
    let movie = try await context.openCatalog(creating: true).add(
      title: title, content: content, images: images, date: date, rate: rate, runtime: runtime)
    context.console.line(movie.id.uuidString.lowercased())
  }
}
