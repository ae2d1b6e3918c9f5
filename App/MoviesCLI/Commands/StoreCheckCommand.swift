import Foundation
import Persistence

/// `movies store check`: checks the catalog file's integrity, references and schema.
struct StoreCheckCommand: MoviesCommand {
  static let spec = CommandSpec(
    name: "check",
    abstract: "Check the catalog file: SQLite's integrity, references between rows, and the schema.",
    discussion: "Exits with status 1 and lists the problems when there are any."
  )
  static let path = ["store", "check"]

  init(_ arguments: ParsedArguments) throws(UsageError) {}

  func run(in context: CommandContext) async throws {
    let info = try StoreInspection(url: context.storeURL, plan: CatalogMigrationPlan.self)
    let problems = try info.check()
    guard problems.isEmpty else {
      for problem in problems { context.console.line("problem: \(problem)") }
      throw AppError.notConfirmed("the catalog has \(problems.count) \(problems.count == 1 ? "problem" : "problems")")
    }
    let version = info.version.map { "version \($0)" } ?? "an unknown version"
    context.console.line("The catalog is sound: \(version), integrity and references checked.")
  }
}
