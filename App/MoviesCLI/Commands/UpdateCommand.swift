import Catalog
import Foundation
import Repositories

/// `movies update ID`: changes any fields of a movie.
struct UpdateCommand: MoviesCommand {
  static let configuration = CommandConfiguration(
    "update", abstract: "Change any fields of a movie.",
    discussion: "Fields not given are left as they are. --image replaces all images; --no-images removes them.",
    arguments: [id, title, content, date, rate, heart, runtime, images, noImages])

  static let id = Argument<UUID>("id", help: "The movie's id.")
  static let title = Option<String?>("title", valueName: "TEXT", help: "A new title.")
  static let content = Option<String?>(
    "content", valueName: "TEXT", help: "New notes or overview (up to \(MovieRules.maximumContentLength) characters).")
  static let date = Option<Date?>("date", valueName: "DATE", help: "A new date: YYYY-MM-DD or an ISO 8601 date-time.")
  static let rate = Option<Int?>("rate", valueName: "N", help: "A new rating from 0 to 10.")
  static let heart = Option<Int?>("heart", valueName: "N", help: "A new heart count.")
  static let runtime = Option<Int?>("runtime", valueName: "MINUTES", help: "A new running time in minutes.")
  static let images = RepeatedOption<String>(
    "image", valueName: "PATH", help: "An image file; repeat for more. Replaces all images.")
  static let noImages = Flag("no-images", help: "Remove every image.")

  let id: UUID
  let title: String?
  let content: String?
  let date: Date?
  let rate: Int?
  let heart: Int?
  let runtime: Int?
  let imagePaths: [String]
  let removeImages: Bool

  init(_ arguments: CommandArguments) throws(UsageError) {
    id = try arguments[Self.id]
    title = try arguments[Self.title]
    content = try arguments[Self.content]
    date = try arguments[Self.date]
    rate = try arguments[Self.rate]
    heart = try arguments[Self.heart]
    runtime = try arguments[Self.runtime]
    imagePaths = try arguments[Self.images]
    removeImages = try arguments[Self.noImages]
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
