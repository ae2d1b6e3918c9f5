import Catalog
import CatalogStorage
import Foundation

/// `movies list`: lists movies, filtered, searched, sorted and paged.
struct ListCommand: MoviesCommand {
  static let configuration = CommandConfiguration(
    "list", abstract: "List movies.",
    discussion: """
      Filters combine: every one given must hold. --sort takes KEY or KEY:desc, comma-separated \
      or repeated, the first deciding (keys: date, rate, title, heart). For the next page of a long \
      list, give --after the id of the last movie shown (a full page names it on standard error): \
      it is found through an index, where --offset steps over every movie it skips.
      """,
    arguments: [
      minimumRate, maximumRate, from, to, hearted, tag, reviewedWith, titlePrefix, search, sort, descending, limit,
      offset, after, format,
    ])

  static let minimumRate = Option<Int?>("min-rate", valueName: "N", help: "Only movies rated N or more.")
  static let maximumRate = Option<Int?>("max-rate", valueName: "N", help: "Only movies rated N or less.")
  static let from = Option<Date?>("from", valueName: "DATE", help: "Only movies dated on or after DATE.")
  static let to = Option<DateArgument?>(
    "to", valueName: "DATE", help: "Only movies dated up to the end of DATE (a day) or before DATE (a time).")
  static let hearted = Flag("hearted", help: "Only movies with at least one heart.")
  static let tag = Option<FilterText?>("tag", valueName: "NAME", help: "Only movies with this tag.")
  static let reviewedWith = Option<FilterText?>(
    "reviewed-with", valueName: "TEXT", help: "Only movies with a review containing TEXT.")
  static let titlePrefix = Option<FilterText?>(
    "title-prefix", valueName: "TEXT", help: "Only movies whose title starts with TEXT.")
  static let search = Option<FilterText?>(
    "search", valueName: "TEXT", help: "Only movies whose title or content contains TEXT (case-sensitive).")
  static let sort = RepeatedOption<String>(
    "sort", valueName: "KEYS", help: "The order, such as rate:desc,title (default: date).")
  static let descending = Flag("desc", help: "Sort the first key in descending order.")
  static let limit = Option<Int?>("limit", valueName: "N", help: "Show at most N movies.")
  static let offset = Option<Int>("offset", valueName: "N", default: 0, help: "Skip the first N movies.")
  static let after = Option<UUID?>(
    "after", valueName: "ID", help: "List the movies after the one with this id in the order (the next page).")
  static let format = RowFormat.option

  let query: MovieQuery
  let format: RowFormat
  let tag: String?
  let reviewText: String?

  init(_ arguments: CommandArguments) throws(UsageError) {
    let sort = try arguments[Self.sort]
    let descending = try arguments[Self.descending]
    let end = try arguments[Self.to].map { $0.isDay ? $0.date.addingTimeInterval(86_400) : $0.date }
    var query = MovieQuery(
      minimumRate: try arguments[Self.minimumRate],
      maximumRate: try arguments[Self.maximumRate],
      from: try arguments[Self.from],
      before: end,
      heartedOnly: try arguments[Self.hearted],
      titlePrefix: try arguments[Self.titlePrefix]?.text,
      searchText: try arguments[Self.search]?.text,
      limit: try arguments[Self.limit],
      offset: try arguments[Self.offset],
      after: try arguments[Self.after]
    )
    tag = try arguments[Self.tag]?.text
    reviewText = try arguments[Self.reviewedWith]?.text
    format = try arguments[Self.format]
    query.order = try Self.order(sort)
    if descending { query.order[0].descending = true }
    self.query = query
  }

  /// Reads `--sort` values such as `rate:desc,title`; no value means by date.
  static func order(_ values: [String]) throws(UsageError) -> [MovieQuery.Order] {
    var order: [MovieQuery.Order] = []
    // An empty key (`--sort ''`, `rate,,title`) is refused like any other that names none.
    for item in values.flatMap({ $0.split(separator: ",", omittingEmptySubsequences: false) }) {
      let parts = item.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
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
    _ = try query.descriptor()
    let page = try await output(from: try await context.openCatalogToRead(), to: context.console)
    // A full page may have more after it: say how to ask for them, beside the data.
    if let limit = query.limit, limit > 0, page.count == limit, let last = page.last {
      context.console.errorLine("movies: next page: " + Self.nextPage(after: last, query: query))
    }
  }

  /// How to ask for the page after `last`: the same options with `--after` it, and without the
  /// `--after` and `--offset` that placed this page (an offset would skip movies again).
  static func nextPage(after last: UUID, query: MovieQuery) -> String {
    let next = "--after \(UUIDText.lowercase(last))"
    var replaced: [String] = []
    if let after = query.after { replaced.append("--after \(UUIDText.lowercase(after))") }
    if query.offset > 0 { replaced.append("--offset \(query.offset)") }
    guard !replaced.isEmpty else { return "add \(next) to these options" }
    return "use \(next) in place of \(replaced.joined(separator: " "))"
  }

  /// Whether the list may leave out movies of the catalog: a filter, a tag, a review's text,
  /// an offset or a page after a movie.
  var narrows: Bool {
    query.minimumRate != nil || query.maximumRate != nil || query.from != nil || query.before != nil
      || query.heartedOnly || query.titlePrefix != nil || query.searchText != nil || query.ids != nil
      || query.tagID != nil || query.offset > 0 || query.after != nil || tag != nil || reviewText != nil
  }

  /// Writes the list to a console: JSON and CSV as data for scripts, a table for people.
  /// Returns how many movies it listed and the id of the last one.
  @discardableResult
  func output(from catalog: Catalog, to console: Console) async throws -> (count: Int, last: UUID?) {
    let format = format
    return try await render(from: catalog) { text in
      if format == .table { console.show(text) } else { console.writeData(text) }
    }
  }

  /// The longest table written from the rows read to measure its columns; a longer one is
  /// read again, so memory holds at most this many rows.
  static let rowsReadOnce = 1_000

  /// Writes the list, as text for the chosen format, from an open catalog.
  ///
  /// Movies are read one at a time, never all at once: the table reads them twice (once to
  /// measure its columns) unless there are at most ``rowsReadOnce``, JSON and CSV once, looking
  /// up tags a batch at a time. CSV has the columns of `export` (and `import`), so a list can be
  /// imported elsewhere. Movies that cannot be read (another program damaged them) are left out
  /// of a complete list, then reported.
  ///
  /// Returns how many movies it listed and the id of the last one.
  ///
  /// - Throws: `RepositoryError.unreadable` after the list, naming the movies left out;
  ///   `CatalogError.movieNotFound` if no movie has the id given to `--after`.
  func render(
    from catalog: Catalog, to write: @escaping (String) -> Void
  ) async throws -> (count: Int, last: UUID?) {
    var query = query
    // A tag is found through its links in the list's own query; a tag no movie has matches
    // none. Reviews narrow the ids first (their text test may need Swift).
    if let tag {
      if let tagID = try await catalog.movieTags.tagID(named: tag) { query.tagID = tagID } else { query.ids = [] }
    }
    if let reviewText {
      let reviewed = try await catalog.listReviews.movieIDs(reviewedWith: reviewText)
      query.ids = query.ids.map { ids in ids.filter(Set(reviewed).contains) } ?? reviewed
    }
    let output = OutputBuffer(write)
    let list = catalog.list
    var last: UUID?
    switch format {
    case .table:
      let table = MovieOutput.listTable
      var widths = table.headerWidths
      var count = 0
      // The first rows are kept as they are measured: a list of at most that many (a page, as
      // people ask for) is read once, a longer one again to be written.
      var held: [[String]] = []
      // Movies another program damaged are reported after the list of all the others.
      let unreadable = try await UnreadableMovies.finishing {
        try await list.each(query) { movie in
          let row = MovieOutput.tableRow(movie)
          table.widen(&widths, for: row)
          count += 1
          if count <= Self.rowsReadOnce {
            held.append(row)
            last = movie.id
          } else if count == Self.rowsReadOnce + 1 {
            held = []
          }
        }
      }
      if count == 0 {
        // `--limit 0` asks for an empty table, as does a page whose every movie was unreadable
        // (the error after it names them); an empty page of a narrowed list says so, as
        // "No movies." would claim the catalog has none.
        if query.limit == 0 || unreadable != nil {
          try output.append(table.line(table.headers, widths: widths))
          try output.flush()
        } else {
          write(narrows ? "No movies match.\n" : MovieOutput.table([]))
        }
      } else {
        try output.append(table.line(table.headers, widths: widths))
        if count <= Self.rowsReadOnce {
          for row in held { try output.append(table.line(row, widths: widths)) }
        } else {
          _ = try await UnreadableMovies.finishing {
            try await list.each(query) { movie in
              try output.append(table.line(MovieOutput.tableRow(movie), widths: widths))
              last = movie.id
            }
          }
        }
        try output.flush()
      }
      if let unreadable { throw unreadable }
      return (count, last)
    case .json, .csv:
      var count = 0
      let csv = format == .csv
      if csv { try output.append(CSVWriter.line(TransferFormat.fields)) }
      let unreadable = try await UnreadableMovies.finishing {
        try await MovieBatches.each({ try await list.each(query, $0) }) { batch in
          let tags = try await catalog.movieTags.names(of: batch.map(\.id))
          for movie in batch {
            if csv {
              try output.append(CSVWriter.line(ExportCommand.fields(movie, tags: tags)))
            } else {
              try output.append(
                (count == 0 ? "[\n" : ",\n") + MovieOutput.jsonElement(movie, tags: tags[movie.id] ?? []))
            }
            count += 1
            last = movie.id
          }
        }
      }
      if count == 0, !csv {
        write(MovieOutput.json([]))
      } else {
        if !csv { try output.append("\n]\n") }
        try output.flush()
      }
      if let unreadable { throw unreadable }
      return (count, last)
    }
  }
}
