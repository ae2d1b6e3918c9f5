import Catalog
import CatalogStorage
import Foundation
import Persistence

/// `movies list`: lists movies, filtered, searched, sorted and paged.
struct ListCommand: MoviesCommand {
  static let spec = CommandSpec(
    name: "list",
    abstract: "List movies.",
    discussion: """
      Filters combine: every one given must hold. --sort takes KEY or KEY:desc, comma-separated \
      or repeated, the first deciding (keys: date, rate, title, heart).
      """,
    arguments: [
      .option("min-rate", valueName: "N", help: "Only movies rated N or more."),
      .option("max-rate", valueName: "N", help: "Only movies rated N or less."),
      .option("from", valueName: "DATE", help: "Only movies dated on or after DATE."),
      .option(
        "to", valueName: "DATE", help: "Only movies dated up to the end of DATE (a day) or before DATE (a time)."),
      .flag("hearted", help: "Only movies with at least one heart."),
      .option("tag", valueName: "NAME", help: "Only movies with this tag."),
      .option("reviewed-with", valueName: "TEXT", help: "Only movies with a review containing TEXT."),
      .option("title-prefix", valueName: "TEXT", help: "Only movies whose title starts with TEXT."),
      .option("search", valueName: "TEXT", help: "Only movies whose title or content contains TEXT (case-sensitive)."),
      .option("sort", valueName: "KEYS", help: "The order, such as rate:desc,title (default: date).", repeatable: true),
      .flag("desc", help: "Sort the first key in descending order."),
      .option("limit", valueName: "N", help: "Show at most N movies."),
      .option("offset", valueName: "N", help: "Skip the first N movies."),
      .option("format", valueName: "FORMAT", help: "table or json (default: table)."),
    ]
  )

  let query: MovieQuery
  let format: OutputFormat
  let tag: String?
  let reviewText: String?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    var order = try Self.order(arguments.strings("sort"))
    if arguments.flag("desc") { order[0].descending = true }
    let to = arguments.string("to")
    let end = try arguments.value("to", as: Date.self).map { date in
      to.flatMap(CatalogDate.parseDay) != nil ? date.addingTimeInterval(86_400) : date
    }
    var query = MovieQuery(
      minimumRate: try arguments.value("min-rate", as: Int.self),
      maximumRate: try arguments.value("max-rate", as: Int.self),
      from: try arguments.value("from", as: Date.self),
      before: end,
      heartedOnly: arguments.flag("hearted"),
      titlePrefix: arguments.string("title-prefix"),
      searchText: arguments.string("search"),
      limit: try arguments.value("limit", as: Int.self),
      offset: try arguments.value("offset", as: Int.self) ?? 0
    )
    query.order = order
    self.query = query
    tag = arguments.string("tag")
    reviewText = arguments.string("reviewed-with")
    format = try arguments.value("format", as: OutputFormat.self) ?? .table
  }

  /// Reads `--sort` values such as `rate:desc,title`; no value means by date.
  static func order(_ values: [String]) throws(UsageError) -> [MovieQuery.Order] {
    var order: [MovieQuery.Order] = []
    for item in values.flatMap({ $0.split(separator: ",") }) {
      let parts = item.split(separator: ":", maxSplits: 1).map(String.init)
      let direction = parts.count > 1 ? parts[1] : "asc"
      guard let key = MovieQuery.SortKey(rawValue: parts[0]), direction == "asc" || direction == "desc" else {
        throw usage(
          .invalidValue(
            argument: "--sort", expected: "KEY or KEY:desc with KEY one of date, rate, title, heart",
            value: String(item)))
      }
      order.append(MovieQuery.Order(key, descending: direction == "desc"))
    }
    return order.isEmpty ? [MovieQuery.Order(.date)] : order
  }

  func run(in context: CommandContext) async throws {
    // The query is checked before the store is opened, so a bad one changes nothing.
    _ = try ListMovies<SQLiteRepository<Movie>>.descriptor(for: query)
    try await output(from: try context.openCatalog(), to: context.console)
  }

  /// Writes the list to a console: JSON as data for scripts, a table for people.
  func output(from catalog: Catalog, to console: Console) async throws {
    let format = format
    try await render(from: catalog) { text in
      if format == .json { console.writeData(text) } else { console.show(text) }
    }
  }

  /// Writes the list, as text for the chosen format, from an open catalog.
  ///
  /// Movies are read one at a time, never all at once: the table reads them twice (once to
  /// measure its columns), JSON once, looking up tags a batch at a time. Movies that cannot be
  /// read (another program damaged them) are left out of a complete list, then reported.
  ///
  /// - Throws: `RepositoryError.unreadable` after the list, naming the movies left out.
  func render(from catalog: Catalog, to write: @escaping (String) -> Void) async throws {
    var query = query
    // Filters across relationships narrow the ids first: one query each, whatever the counts.
    if let tag { query.ids = try await catalog.movieTags.movieIDs(tagged: tag) }
    if let reviewText {
      let reviewed = try await catalog.listReviews.movieIDs(reviewedWith: reviewText)
      query.ids = query.ids.map { ids in ids.filter(Set(reviewed).contains) } ?? reviewed
    }
    let output = OutputBuffer(write)
    let list = catalog.list
    switch format {
    case .table:
      let table = MovieOutput.listTable
      var widths = table.headerWidths
      var count = 0
      // Movies another program damaged are reported after the list of all the others.
      let unreadable = try await UnreadableMovies.finishing {
        try await list.each(query) { movie in
          table.widen(&widths, for: MovieOutput.tableRow(movie))
          count += 1
        }
      }
      if count == 0 {
        write(MovieOutput.table([]))
      } else {
        try output.append(table.line(table.headers, widths: widths))
        _ = try await UnreadableMovies.finishing {
          try await list.each(query) { movie in
            try output.append(table.line(MovieOutput.tableRow(movie), widths: widths))
          }
        }
        try output.flush()
      }
      if let unreadable { throw unreadable }
    case .json:
      var first = true
      let unreadable = try await UnreadableMovies.finishing {
        try await MovieBatches.each({ try await list.each(query, $0) }) { batch in
          let tags = try await catalog.movieTags.names(of: batch.map(\.id))
          for movie in batch {
            try output.append((first ? "[\n" : ",\n") + MovieOutput.jsonElement(movie, tags: tags[movie.id] ?? []))
            first = false
          }
        }
      }
      if first {
        write(try MovieOutput.json([]))
      } else {
        try output.append("\n]\n")
        try output.flush()
      }
      if let unreadable { throw unreadable }
    }
  }
}
