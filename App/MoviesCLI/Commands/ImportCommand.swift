import Domain
import Foundation

/// `movies import FILE`: adds or updates movies from CSV, JSON or JSON Lines.
struct ImportCommand: MoviesCommand {
  static let spec = CommandSpec(
    name: "import",
    abstract: "Add or update movies from a CSV, JSON or JSON Lines file.",
    discussion: """
      Fields: id (optional), title and date (required), content, rate, heart, tags (separated by |). \
      A movie with a known id, or without an id but with a known title and date, is updated, so \
      importing a file twice adds nothing. With a bad row nothing is imported, unless --skip-invalid.
      """,
    arguments: [
      .positional("file", help: "The file to read, or - for standard input."),
      .option("format", valueName: "FORMAT", help: "csv, json or jsonl (default: from the file's extension)."),
      .flag("skip-invalid", help: "Import the good rows and list the bad ones."),
    ]
  )

  let path: String
  let format: TransferFormat
  let skipInvalid: Bool

  init(_ arguments: ParsedArguments) throws(UsageError) {
    guard let path = arguments.positionals("file").first else { throw Self.usage(.missingArgument("<file>")) }
    self.path = path
    guard let format = try arguments.value("format", as: TransferFormat.self) ?? TransferFormat(path: path) else {
      throw Self.usage(.missingOption("--format (the file's extension does not say csv, json or jsonl)"))
    }
    self.format = format
    skipInvalid = arguments.flag("skip-invalid")
  }

  func run(in context: CommandContext) async throws {
    let data: Data
    if path == "-" {
      data = FileHandle.standardInput.readDataToEndOfFile()
    } else {
      guard let contents = FileManager.default.contents(atPath: path) else {
        throw AppError.unreadableFile(path, "it does not exist or cannot be read")
      }
      data = contents
    }
    let (rows, unknown) = try ImportReader.rows(data, format: format)
    if !unknown.isEmpty {
      context.console.writeError(
        "movies import: warning: ignoring unknown fields: \(unknown.joined(separator: ", "))\n")
    }
    var accepted: [(movie: Movie, tags: [String])] = []
    var problems: [ImportRow.Problem] = []
    for row in rows {
      do {
        accepted.append(try row.movie())
      } catch {
        problems.append(error)
      }
    }
    if !problems.isEmpty {
      for problem in problems { context.console.writeError("movies import: \(problem)\n") }
      guard skipInvalid else {
        throw AppError.notConfirmed(
          "\(problems.count) invalid \(problems.count == 1 ? "row" : "rows"); nothing was imported")
      }
    }
    let catalog = try context.openCatalog()
    let imported = try await ImportMovies(movies: catalog.movies)(accepted.map(\.movie))
    for (movie, tags) in accepted where !tags.isEmpty {
      let title = movie.title
      let date = movie.date
      // A row without an id may have updated a movie stored under another id.
      var stored = try await catalog.movies.fetch(id: movie.id)
      if stored == nil {
        stored = try await catalog.movies.fetch(
          FetchDescriptor(predicate: #Predicate { $0.title == title && $0.date == date }, fetchLimit: 1)
        ).first
      }
      if let stored { try await catalog.movieTags.add(tags, to: stored.id) }
    }
    let skipped = problems.isEmpty ? "" : " (\(problems.count) skipped)"
    context.console.line("Imported \(imported) \(imported == 1 ? "movie" : "movies")\(skipped).")
  }
}
