import Catalog
import Foundation
import Repositories

/// `movies update ID`: changes any fields of a movie.
struct UpdateCommand: MoviesCommand {
  static let spec = CommandSpec(
    name: "update",
    abstract: "Change any fields of a movie.",
    discussion: "Fields not given are left as they are. --image replaces all images; --no-images removes them.",
    arguments: [
      .positional("id", help: "The movie's id."),
      .option("title", valueName: "TEXT", help: "A new title."),
      .option("content", valueName: "TEXT", help: "New notes or overview."),
      .option("date", valueName: "DATE", help: "A new date: YYYY-MM-DD or an ISO 8601 date-time."),
      .option("rate", valueName: "N", help: "A new rating from 0 to 10."),
      .option("heart", valueName: "N", help: "A new heart count."),
      .option("runtime", valueName: "MINUTES", help: "A new running time in minutes."),
      .option(
        "image", valueName: "PATH", help: "An image file; repeat for more. Replaces all images.", repeatable: true),
      .flag("no-images", help: "Remove every image."),
    ]
  )

  let id: UUID
  let title: String?
  let content: String?
  let date: Date?
  let rate: Int?
  let heart: Int?
  let runtime: Int?
  let imagePaths: [String]
  let removeImages: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    self.id = try Self.requiredID("id", in: arguments)
    title = arguments.string("title")
    content = arguments.string("content")
    date = try arguments.value("date", as: Date.self)
    rate = try arguments.value("rate", as: Int.self)
    heart = try arguments.value("heart", as: Int.self)
    runtime = try arguments.value("runtime", as: Int.self)
    imagePaths = arguments.strings("image")
    removeImages = arguments.flag("no-images")
    if removeImages, !imagePaths.isEmpty {
      throw Self.usage(.conflictingOptions("--no-images", "--image"))
    }
    if title == nil, content == nil, date == nil, rate == nil, heart == nil, runtime == nil, imagePaths.isEmpty,
      !removeImages
    {
      throw Self.usage(.missingOption("a field to change, such as --title or --rate"))
    }
  }

  func run(in context: CommandContext) async throws {
    let images: [Data]? = removeImages ? [] : (imagePaths.isEmpty ? nil : try ImageFiles.read(imagePaths))
    let changes = MovieChanges(
      title: title, content: content, images: images, date: date, rate: rate, heart: heart, runtime: runtime)
    let movie = try await context.openCatalog().update(id: id, changes)
    context.console.show(MovieOutput.detail(movie))
  }
}
