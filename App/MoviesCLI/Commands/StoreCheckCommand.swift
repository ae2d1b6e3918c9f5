import Catalog
import CatalogStorage
import Foundation
import Persistence

/// `movies store check`: finds every damage it can in the catalog, and with `--repair` makes
/// the safe repairs.
struct StoreCheckCommand: MoviesCommand {
  static let configuration = CommandConfiguration(
    "check", in: .store,
    abstract:
      "Check the catalog: its header, SQLite's integrity, references, schema, version, image files and values.",
    discussion: """
      Reads the catalog without changing it, and exits with status 1 listing the problems when \
      there are any. On a PostgreSQL database it checks the schema's version, each table against \
      its declaration, its indexes and relationships, rows that refer to missing rows, and the \
      catalog's rules. --repair (a catalog file only) makes only the safe repairs and says what it did: the header's \
      file format versions, the modes of the catalog's files, image files of the catalog that \
      no movie names. Missing images are dropped from their movies only with \
      --detach-missing-images. Everything else is left for you, such as a value another program \
      stored that breaks the catalog's rules (a rate outside 0-10, an empty title): only you know \
      the value meant, and each problem says which command changes or removes it.
      """,
    arguments: [repair, detachMissingImages])

  static let repair = Flag("repair", help: "Make the safe repairs, then check again.")
  static let detachMissingImages = Flag(
    "detach-missing-images", help: "With --repair, drop missing image files from their movies.")

  let repairs: Bool
  let detachesMissingImages: Bool

  init(_ arguments: CommandArguments) throws(UsageError) {
    repairs = try arguments[Self.repair]
    detachesMissingImages = try arguments[Self.detachMissingImages]
    if detachesMissingImages, !repairs {
      throw Self.usage(.invalidValue(argument: "--detach-missing-images", expected: "--repair as well", value: "alone"))
    }
  }

  func run(in context: CommandContext) async throws {
    if case .server(let url) = context.store { return try await server(url, in: context) }
    let storeURL = try context.storeFile(for: "store check")
    var check = try StoreCheck(url: storeURL, plan: CatalogMigrationPlan.self)
    guard Self.isCatalog(check) else { return try notACatalog(check, in: context) }
    if repairs {
      // A repaired header can let SQLite read what it could not, and show more to repair.
      for _ in 0..<2 where (check.problems + check.notes).contains(where: { $0.repair != nil }) {
        let done = try check.repair(detachingMissingFiles: detachesMissingImages)
        for action in done { context.console.line("repaired: \(action)") }
        check = try StoreCheck(url: storeURL, plan: CatalogMigrationPlan.self)
        if done.isEmpty { break }
      }
    }
    for note in check.notes {
      context.console.line("note: \(note.description)\(note.repair == nil ? "" : " (--repair fixes it)")")
    }
    // The engine knows nothing of movies: the catalog's own rules are checked on top.
    let violations = try await ruleViolations(context, version: check.version, notes: check.problems.isEmpty)
    try report(check.problems, violations ?? ([], 0), in: context)
    let version = check.version.map { "version \($0)" } ?? "an unknown version"
    context.console.line(
      "The catalog is sound: \(version); header, integrity, references, image files"
        + (violations == nil ? " checked." : " and the catalog's rules checked."))
  }

  /// Whether the file checked is a catalog this app can read, or one whose header alone keeps
  /// SQLite from reading it (which `--repair` tries, and puts back if it does not help), or one
  /// with a sound header that SQLite could not open for what lies beside it (a `-wal` that is a
  /// FIFO): its problems are the catalog's to list.
  ///
  /// Any other file whose version is not recognized — a text file, another program's
  /// database, a catalog of a newer app — is no catalog that a repair could help: the repairs
  /// make a catalog's own files right, and would change a file that is not one.
  static func isCatalog(_ check: StoreCheck) -> Bool {
    check.version != nil || check.problems.contains { $0.repair == .resetHeaderVersions }
      // SQLite could not open a file with a sound header: what is wrong is beside it, not it.
      || (!check.wasOpened && check.headerIsSound)
  }

  /// Lists what the check found in a file that is no catalog, suggesting no repair and
  /// making none (nor saying its mode is open to others: it is not the catalog's), and fails.
  private func notACatalog(_ check: StoreCheck, in context: CommandContext) throws {
    for problem in check.problems { context.console.line("problem: \(problem.description)") }
    throw AppError.notACatalog(check.url.path)
  }

  /// The check of a PostgreSQL database: what the engine finds, then the catalog's rules when
  /// opening it changes nothing (it is current and recorded, with every table).
  private func server(_ url: String, in context: CommandContext) async throws {
    if repairs { throw AppError.needsStoreFile(command: "store check --repair") }
    // A database without the catalog is refused, as a missing store file is.
    _ = try await Catalog.missingTables(server: url, busyTimeout: context.busyTimeout)
    let check = try await PostgresStoreInspection(
      url: url, plan: CatalogMigrationPlan.self, busyTimeout: context.busyTimeout)
    for note in check.notes { context.console.line("note: \(note.description)") }
    var violations: (lines: [String], count: Int)?
    if check.problems.isEmpty && check.notes.isEmpty && !check.needsMigration {
      violations = try await ruleViolations(context, version: nil, notes: true)
    } else if check.problems.isEmpty {
      context.console.line("note: the values were not checked against the catalog's rules: opening would change it")
    }
    try report(check.problems, violations ?? ([], 0), in: context)
    let version = check.version.map { "version \($0)" } ?? "an unknown version"
    context.console.line(
      "The catalog is sound: \(version); tables, indexes, relationships, references"
        + (violations == nil ? " checked." : " and the catalog's rules checked."))
  }

  /// Lists the problems and the values that break the catalog's rules, and fails when there
  /// are any.
  private func report(
    _ problems: [StoreProblem], _ violations: (lines: [String], count: Int), in context: CommandContext
  ) throws {
    guard problems.isEmpty, violations.count == 0 else {
      for problem in problems {
        let hint =
          switch problem.repair {
          case .detachMissingFile?: " (--repair --detach-missing-images drops it)"
          case _?: " (--repair fixes it)"
          case nil: ""
          }
        context.console.line("problem: \(problem.description)\(hint)")
      }
      for line in violations.lines { context.console.line(line) }
      if violations.count > violations.lines.count {
        context.console.line(
          "problem: \(violations.count - violations.lines.count) more values break the catalog's rules")
      }
      let count = problems.count + violations.count
      throw AppError.notConfirmed("the catalog has \(count) \(count == 1 ? "problem" : "problems")")
    }
  }

  /// How many values the rules are broken by that are listed one by one; more are counted.
  static let listedViolations = 50

  /// The values that break the catalog's rules (a rate outside 0–10, an empty title, …), as
  /// `problem:` lines saying what the user can do, and how many there are. A catalog that
  /// cannot be opened unchanged (it needs a migration, is too damaged, or its folder cannot be
  /// written) is not checked: `nil`, and with `notes`, a line says so. A catalog of an older
  /// `version` (`nil`: current, or not known yet) is not even opened: a read-only open could not
  /// migrate it, and SQLite would leave a `-wal` and `-shm` beside it trying.
  private func ruleViolations(
    _ context: CommandContext, version: Schema.Version?, notes: Bool
  ) async throws -> (lines: [String], count: Int)? {
    let notChecked = { (reason: String) in
      if notes { context.console.line("note: the values were not checked against the catalog's rules: \(reason)") }
    }
    let current = CatalogMigrationPlan.current.versionIdentifier
    if let version, version != current {
      notChecked("it is version \(version), and they are checked at \(current) ('movies store migrate' moves it there)")
      return nil
    }
    let catalog: Catalog
    do {
      catalog = try await context.openCatalog(readOnly: true)
    } catch {
      notChecked("\(error)")
      return nil
    }
    var lines: [String] = []
    var count = 0
    // Rows that cannot be read at all are problems the store's check already named.
    _ = try await UnreadableMovies.finishing {
      try await catalog.checkRules { violation in
        count += 1
        guard lines.count < Self.listedViolations else { return }
        let remedy =
          switch violation.owner {
          case .movie: "'movies update ID' with valid values changes it, 'movies delete ID' removes it"
          case .review: "'movies review delete ID' removes it"
          case .tag: "no movies command can change it; another SQL tool can"
          }
        lines.append("problem: \(violation) (\(remedy))")
      }
    }
    return (lines, count)
  }
}
