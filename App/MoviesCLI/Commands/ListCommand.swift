import Domain
import Persistence

/// `movies list`: lists movies, filtered, searched, sorted and paged.
struct ListCommand: MoviesCommand {
  static let spec = CommandSpec(
    name: "list",
    abstract: "List movies.",
    arguments: [
      .option("min-rate", valueName: "N", help: "Only movies rated N or more."),
      .option("search", valueName: "TEXT", help: "Only movies whose title or content contains TEXT (case-sensitive)."),
      .option("sort", valueName: "KEY", help: "Sort by date, rate or title (default: date)."),
      .flag("desc", help: "Sort in descending order."),
      .option("limit", valueName: "N", help: "Show at most N movies."),
      .option("offset", valueName: "N", help: "Skip the first N movies."),
      .option("format", valueName: "FORMAT", help: "table or json (default: table)."),
    ]
  )

  let query: MovieQuery
  let format: OutputFormat

  init(_ arguments: ParsedArguments) throws(UsageError) {
    query = MovieQuery(
      minimumRate: try arguments.value("min-rate", as: Int.self),
      searchText: arguments.string("search"),
      sortKey: try arguments.value("sort", as: MovieQuery.SortKey.self) ?? .date,
      descending: arguments.flag("desc"),
      limit: try arguments.value("limit", as: Int.self),
      offset: try arguments.value("offset", as: Int.self) ?? 0
    )
    format = try arguments.value("format", as: OutputFormat.self) ?? .table
  }

  func run(in context: CommandContext) async throws {
    // The query is checked before the store is opened, so a bad one changes nothing.
    _ = try ListMovies<SQLiteRepository<Movie>>.descriptor(for: query)
    let movies = try await context.openCatalog().list(query)
    context.console.write(format == .json ? try MovieOutput.json(movies) : MovieOutput.table(movies))
  }
}
