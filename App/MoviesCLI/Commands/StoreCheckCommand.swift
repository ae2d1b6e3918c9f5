import CatalogStorage
import Foundation
import Persistence

/// `movies store check`: finds every damage it can in the catalog, and with `--repair` makes
/// the safe repairs.
struct StoreCheckCommand: MoviesCommand {
  static let spec = CommandSpec(
    name: "check",
    abstract: "Check the catalog: its header, SQLite's integrity, references, schema, version and image files.",
    discussion: """
      Reads the catalog without changing it, and exits with status 1 listing the problems when \
      there are any. --repair makes only the safe repairs and says what it did: the header's \
      file format versions, the modes of the catalog's files, image files of the catalog that \
      no movie names. Missing images are dropped from their movies only with \
      --detach-missing-images. Everything else is left for you.
      """,
    arguments: [
      .flag("repair", help: "Make the safe repairs, then check again."),
      .flag("detach-missing-images", help: "With --repair, drop missing image files from their movies."),
    ]
  )
  static let path = ["store", "check"]

  let repairs: Bool
  let detachesMissingImages: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    repairs = arguments.flag("repair")
    detachesMissingImages = arguments.flag("detach-missing-images")
    if detachesMissingImages, !repairs {
      throw Self.usage(.invalidValue(argument: "--detach-missing-images", expected: "--repair as well", value: "alone"))
    }
  }

  func run(in context: CommandContext) async throws {
    var check = try StoreCheck(url: context.storeURL, plan: CatalogMigrationPlan.self)
    if repairs {
      // A repaired header can let SQLite read what it could not, and show more to repair.
      for _ in 0..<2 where (check.problems + check.notes).contains(where: { $0.repair != nil }) {
        let done = try check.repair(detachingMissingFiles: detachesMissingImages)
        for action in done { context.console.line("repaired: \(action)") }
        check = try StoreCheck(url: context.storeURL, plan: CatalogMigrationPlan.self)
        if done.isEmpty { break }
      }
    }
    for note in check.notes {
      context.console.line("note: \(note.description)\(note.repair == nil ? "" : " (--repair fixes it)")")
    }
    guard check.problems.isEmpty else {
      for problem in check.problems {
        let hint =
          switch problem.repair {
          case .detachMissingFile?: " (--repair --detach-missing-images drops it)"
          case _?: " (--repair fixes it)"
          case nil: ""
          }
        context.console.line("problem: \(problem.description)\(hint)")
      }
      let count = check.problems.count
      throw AppError.notConfirmed("the catalog has \(count) \(count == 1 ? "problem" : "problems")")
    }
    let version = check.version.map { "version \($0)" } ?? "an unknown version"
    context.console.line("The catalog is sound: \(version); header, integrity, references and image files checked.")
  }
}
