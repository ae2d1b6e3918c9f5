import Domain
import Foundation

/// `movies export`: writes every movie as CSV, JSON or JSON Lines, with the fields `import` reads.
struct ExportCommand: MoviesCommand {
  static let spec = CommandSpec(
    name: "export",
    abstract: "Write every movie as CSV, JSON or JSON Lines.",
    discussion: "Exporting, importing into an empty catalog and exporting again gives the same file.",
    arguments: [
      .option("format", valueName: "FORMAT", help: "csv, json or jsonl (default: from --output, else csv)."),
      .option(
        "output", valueName: "FILE",
        help:
          "The file to write, in place: a file keeps its mode and links, a FIFO or device is streamed to (default or -: standard output)."
      ),
    ]
  )

  let format: TransferFormat
  let output: String?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    let output = arguments.string("output")
    guard output != "" else {
      throw Self.usage(.invalidValue(argument: "--output", expected: "a file path or -", value: ""))
    }
    // `-` is standard output, as when no file is named.
    self.output = output == "-" ? nil : output
    format =
      try arguments.value("format", as: TransferFormat.self) ?? self.output.flatMap(TransferFormat.init(path:)) ?? .csv
  }

  func run(in context: CommandContext) async throws {
    let catalog = try context.openCatalog()
    // Opened before the work, so a path that cannot be written fails fast and changes nothing.
    let file = try output.map { (path) throws(AppError) in try OutputFile(path: path) }
    if let file, file.isSameFile(as: context.storeURL.path) {
      file.discard()
      throw AppError.unwritableFile(file.path, "it is the catalog itself")
    }
    let movies = try await catalog.movies.fetch(
      FetchDescriptor(sortBy: [SortDescriptor(\.date), SortDescriptor(\.title), SortDescriptor(\.id)]))
    let tags = try await catalog.movieTags.names(of: movies.map(\.id))
    let text = try Self.render(movies, tags: tags, format: format)
    guard let file else {
      context.console.writeData(text)
      return
    }
    try file.write(text)
    try file.commit()
    context.console.line("Exported \(movies.count) \(movies.count == 1 ? "movie" : "movies") to \(file.path).")
  }

  static func render(_ movies: [Movie], tags: [UUID: [String]], format: TransferFormat) throws -> String {
    let rows = movies.map { movie -> [String] in
      [
        movie.id.uuidString.lowercased(), movie.title, movie.content, CatalogDate.iso8601(movie.date), "\(movie.rate)",
        "\(movie.heart)", TagList.encoded(tags[movie.id] ?? []), movie.runtime.map { "\($0)" } ?? "",
      ]
    }
    switch format {
    case .csv:
      return CSVWriter.line(TransferFormat.fields) + rows.map(CSVWriter.line).joined()
    case .json, .jsonl:
      let objects = zip(movies, rows).map { movie, row -> [String: Any] in
        [
          "id": row[0], "title": movie.title, "content": movie.content, "date": row[3], "rate": movie.rate,
          "heart": movie.heart, "tags": tags[movie.id] ?? [], "runtime": movie.runtime.map { $0 as Any } ?? NSNull(),
        ]
      }
      // The same values, with the characters a terminal acts on written as JSON escapes.
      if format == .jsonl {
        return try objects.map {
          TerminalText.json(
            String(
              decoding: try JSONSerialization.data(
                withJSONObject: $0, options: [.sortedKeys, .withoutEscapingSlashes]),
              as: UTF8.self)) + "\n"
        }.joined()
      }
      return TerminalText.json(
        String(
          decoding: try JSONSerialization.data(
            withJSONObject: objects, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]),
          as: UTF8.self)) + "\n"
    }
  }
}
