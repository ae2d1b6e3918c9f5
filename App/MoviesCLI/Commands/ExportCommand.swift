import Catalog
import Foundation
import Persistence
import Repositories

/// `movies export`: writes every movie as CSV, JSON or JSON Lines, with the fields `import` reads.
struct ExportCommand: MoviesCommand {
  static let configuration = CommandConfiguration(
    "export", abstract: "Write every movie as CSV, JSON or JSON Lines.",
    discussion: "Exporting, importing into an empty catalog and exporting again gives the same file.",
    arguments: [format, output])

  static let format = Option<TransferFormat?>(
    "format", valueName: "FORMAT", help: "csv, json or jsonl (default: from --output, else csv).")
  static let output = Option<String?>(
    "output", valueName: "FILE",
    help:
      "The file to write, in place: a file keeps its mode and links, a FIFO or device is streamed to (default or -: standard output)."
  )

  let format: TransferFormat
  let output: String?

  init(_ arguments: CommandArguments) throws(UsageError) {
    let output = try arguments[Self.output]
    guard output != "" else {
      throw Self.usage(.invalidValue(argument: "--output", expected: "a file path or -", value: ""))
    }
    // `-` is standard output, as when no file is named.
    self.output = output == "-" ? nil : output
    format = try arguments[Self.format] ?? self.output.flatMap(TransferFormat.init(path:)) ?? .csv
  }

  func run(in context: CommandContext) async throws {
    // Caught from the start, so a signal while the store opens stops the export too, and one
    // during the last step — the copy into an existing file — waits for it to end.
    let interrupt = InterruptFlag()
    defer { interrupt.remove() }
    do {
      try await run(in: context, isInterrupted: interrupt.check)
    } catch {
      // Whatever failed once a signal came, the export stopped because of it.
      guard interrupt.isRaised else { throw error }
      throw streams ? AppError.interruptedStream(output ?? "standard output") : AppError.interrupted("the export")
    }
  }

  /// Whether the output goes to standard output, a FIFO or a device: sent as it is made.
  private var streams: Bool {
    guard let output else { return true }
    var status = stat()
    return stat(output, &status) == 0 && (status.st_mode & S_IFMT) != S_IFREG
  }

  /// Exports, asking `isInterrupted` whether a signal came, before each step.
  func run(in context: CommandContext, isInterrupted: @escaping @Sendable () -> Bool) async throws {
    let catalog = try await context.openCatalogToRead()
    // Writing the catalog, its -wal or an image would corrupt it or lose committed changes.
    if let output, catalog.container.isStoreFile(output) {
      throw AppError.unwritableFile(output, "it is one of the catalog's own files")
    }
    // Opened before the work, so a path that cannot be written fails fast and changes nothing.
    let file = try output.map { (path) throws(AppError) in try OutputFile(path: path, isInterrupted: isInterrupted) }
    guard let file else {
      _ = try await write(from: catalog, isInterrupted: isInterrupted, to: context.console.writeData)
      return
    }
    let count: Int
    do {
      count = try await write(from: catalog, isInterrupted: isInterrupted) { text in try file.write(text) }
      // The last look: once the copy into the file begins, it ends.
      guard !isInterrupted() else { throw AppError.interrupted("the export") }
      try file.commit()
    } catch {
      file.discard()
      throw error
    }
    context.console.line("Exported \(count) \(count == 1 ? "movie" : "movies") to \(file.path).")
  }

  /// Writes every movie in the chosen format, read one at a time and looked up (tags) a batch
  /// at a time, never all at once; returns how many were written. Images are not exported, so
  /// they are not read.
  ///
  /// `isInterrupted` is asked before each batch and each chunk of output.
  ///
  /// - Throws: `RepositoryError.unreadable` after a complete document of the others, naming
  ///   the movies that cannot be read (another program damaged them); ``AppError/interrupted(_:)``
  ///   once `isInterrupted` says so.
  func write(
    from catalog: Catalog, isInterrupted: @escaping @Sendable () -> Bool, to write: @escaping (String) throws -> Void
  ) async throws -> Int {
    var descriptor = FetchDescriptor<Movie>(sortBy: [
      SortDescriptor(\.date), SortDescriptor(\.title), SortDescriptor(\.id),
    ])
    descriptor.propertiesToFetch = Movie.propertiesButImages
    let output = OutputBuffer { text in
      guard !isInterrupted() else { throw AppError.interrupted("the export") }
      try write(text)
    }
    let format = format
    var count = 0
    if format == .csv { try output.append(CSVWriter.line(TransferFormat.fields)) }
    let unreadable = try await UnreadableMovies.finishing {
      try await MovieBatches.each({ try await catalog.movies.enumerate(descriptor, $0) }) { batch in
        guard !isInterrupted() else { throw AppError.interrupted("the export") }
        let tags = try await catalog.movieTags.names(of: batch.map(\.id))
        for movie in batch {
          switch format {
          case .csv: try output.append(CSVWriter.line(Self.fields(movie, tags: tags)))
          case .jsonl: try output.append(Self.render([movie], tags: tags, format: .jsonl))
          case .json: try output.append((count == 0 ? "[\n" : ",\n") + Self.jsonElement(movie, tags: tags))
          }
          count += 1
        }
      }
    }
    if format == .json { try output.append(count == 0 ? Self.render([], tags: [:], format: .json) : "\n]\n") }
    try output.flush()
    if let unreadable { throw unreadable }
    return count
  }

  /// One movie as an element of the JSON array ``render(_:tags:format:)`` writes.
  static func jsonElement(_ movie: Movie, tags: [UUID: [String]]) -> String {
    MovieJSON.object(movie, tags: tags[movie.id] ?? [], fields: .transfer, pretty: true, indent: 2)
  }

  /// The movies as a whole file of a format: what `import` reads back to the same catalog.
  static func render(_ movies: [Movie], tags: [UUID: [String]], format: TransferFormat) -> String {
    switch format {
    case .csv:
      return CSVWriter.line(TransferFormat.fields) + movies.map { CSVWriter.line(fields($0, tags: tags)) }.joined()
    case .jsonl:
      return movies.map {
        MovieJSON.object($0, tags: tags[$0.id] ?? [], fields: .transfer, pretty: false) + "\n"
      }.joined()
    case .json:
      return MovieJSON.array(movies.map { jsonElement($0, tags: tags) })
    }
  }
}

extension ExportCommand {
  /// A movie's fields, in the order of ``TransferFormat/fields``.
  static func fields(_ movie: Movie, tags: [UUID: [String]]) -> [String] {
    [
      UUIDText.lowercase(movie.id), movie.title, movie.content, CatalogDate.iso8601(movie.date), "\(movie.rate)",
      "\(movie.heart)", TagList.encoded(tags[movie.id] ?? []), movie.runtime.map { "\($0)" } ?? "",
    ]
  }
}
