import Catalog
import Foundation

/// `movies import FILE`: adds or updates movies from CSV, JSON or JSON Lines.
struct ImportCommand: MoviesCommand {
  static let configuration = CommandConfiguration(
    "import", abstract: "Add or update movies from a CSV, JSON or JSON Lines file.",
    discussion: """
      Fields: id (optional), title and date (required), content, rate, heart, runtime, tags (separated \
      by |, written \\| inside a tag). A movie with a known id, or without an id but with a known title \
      and date, is updated: only the fields the file has change, unless --replace. Importing a file \
      twice adds nothing. With a bad row, two rows for one movie, or a row whose title and date belong \
      to another movie, nothing is imported, unless --skip-invalid. A field the catalog does not know is an error, \
      unless --ignore-unknown. The import is one transaction: if it \
      fails or is interrupted (Ctrl-C), the catalog is left as it was.
      """,
    arguments: [file, format, skipInvalid, ignoreUnknown, replace, encoding, quiet])

  static let file = Argument<String>("file", help: "The file to read, or - for standard input.")
  static let format = Option<TransferFormat?>(
    "format", valueName: "FORMAT",
    help: "csv, json or jsonl (default: from the file's extension; needed for standard input).")
  static let skipInvalid = Flag("skip-invalid", help: "Import the good rows and list the bad ones.")
  static let ignoreUnknown = Flag(
    "ignore-unknown", help: "Import files with fields the catalog does not know, ignoring those fields.")
  static let replace = Flag(
    "replace", help: "Replace every field of an updated movie; fields the file lacks take defaults.")
  static let encoding = Option<ByteStream.Encoding>(
    "encoding", valueName: "ENCODING", default: .utf8,
    help: "The file's text encoding: utf-8 or latin1 (default: utf-8).")
  static let quiet = Flag("quiet", help: "Draw no progress bar.")

  let path: String
  let format: TransferFormat
  let skipInvalid: Bool
  let replace: Bool
  let ignoreUnknown: Bool
  let encoding: ByteStream.Encoding
  let quiet: Bool

  init(_ arguments: CommandArguments) throws(UsageError) {
    path = try arguments[Self.file]
    guard let format = try arguments[Self.format] ?? TransferFormat(path: path) else {
      // Standard input has no name whose extension could tell the format.
      guard path != "-" else {
        throw Self.usage(.optionNeeded("--format \(TransferFormat.choices)", for: "reading standard input"))
      }
      throw Self.usage(
        .optionNeeded(
          "--format \(TransferFormat.choices)", for: "reading a file whose extension names no format"))
    }
    self.format = format
    skipInvalid = try arguments[Self.skipInvalid]
    replace = try arguments[Self.replace]
    ignoreUnknown = try arguments[Self.ignoreUnknown]
    encoding = try arguments[Self.encoding]
    quiet = try arguments[Self.quiet]
  }

  func run(in context: CommandContext) async throws {
    // Caught from the start, so a signal while the store opens stops the import too.
    let interrupt = InterruptFlag()
    defer { interrupt.remove() }
    do {
      try await run(in: context, isInterrupted: interrupt.check)
    } catch {
      // A signal stops the wait for input as well as the rows between batches: whatever
      // failed once a signal came, the import stopped because of it.
      if interrupt.isRaised { throw AppError.interrupted("the import") }
      throw error
    }
  }

  private func run(in context: CommandContext, isInterrupted: @escaping @Sendable () -> Bool) async throws {
    let descriptor = try Self.open(path)
    defer { if descriptor != STDIN_FILENO { close(descriptor) } }
    var status = stat()
    let size = fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG ? Int(status.st_size) : nil
    let stream = ByteStream(descriptor: descriptor, encoding: encoding, isInterrupted: isInterrupted)
    let meter = stream.meter
    let catalog = try await context.openCatalog(creating: true)
    var file: any ImportFile =
      switch format {
      case .csv: try CSVImportFile(stream, ignoringUnknown: ignoreUnknown)
      case .json: JSONImportFile(array: stream, ignoringUnknown: ignoreUnknown)
      case .jsonl: JSONImportFile(lines: stream, ignoringUnknown: ignoreUnknown)
      }
    let console = context.console
    let done: ImportProgress
    // The import runs on the catalog's background worker, not on the command's task.
    let worker = try catalog.worker(author: "movies import")
    done = try await worker.run {
      try await importRows(
        from: &file, into: catalog, meter: meter, totalBytes: size, console: console, isInterrupted: isInterrupted)
    }
    context.console.line(Self.summary(of: done))
  }

  /// The file's descriptor (standard input's for `-`), for blocking reads.
  ///
  /// It is opened without waiting: a FIFO's open would wait, where no signal could end it, for
  /// a program to open the FIFO for writing; the stream's first read waits for that instead,
  /// checking for a signal as it waits.
  private static func open(_ path: String) throws -> Int32 {
    guard path != "-" else { return STDIN_FILENO }
    let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { throw AppError.unreadableFile(path, String(cString: strerror(errno))) }
    let flags = fcntl(descriptor, F_GETFL)
    guard flags >= 0, fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
      let reason = String(cString: strerror(errno))
      close(descriptor)
      throw AppError.unreadableFile(path, reason)
    }
    return descriptor
  }

  /// `Imported 3 movies: 2 added, 1 updated, 1 skipped.`: the rows written, and what they did
  /// (`, 4 unchanged` when some changed nothing).
  static func summary(of done: ImportProgress) -> String {
    let unchanged = done.rowsUnchanged == 0 ? "" : ", \(done.rowsUnchanged) unchanged"
    let skipped = done.invalidRows == 0 ? "" : ", \(done.invalidRows) skipped"
    return "Imported \(done.rowsWritten) \(done.rowsWritten == 1 ? "movie" : "movies"): "
      + "\(done.rowsAdded) added, \(done.rowsUpdated) updated\(unchanged)\(skipped)."
  }

  /// How many bad rows are listed one by one; the rest are counted.
  static let listedProblems = 20

  /// Runs the import use case over a file, drawing progress and listing bad rows on standard
  /// error, and stopping cleanly on Ctrl-C.
  private func importRows<File: ImportFile>(
    from file: inout File, into catalog: Catalog, meter: ByteStream.Meter, totalBytes: Int?, console: Console,
    isInterrupted: @escaping @Sendable () -> Bool
  ) async throws -> ImportProgress {
    var bar =
      quiet || !console.errorIsTerminal
      ? nil : ProgressBar(totalBytes: totalBytes, columns: console.errorColumns, write: console.draw)
    defer { bar?.clear() }
    // A CSV header names its unknown fields before the first row; JSON objects as they come.
    var warned = Set<String>()
    func warnOfUnknownFields() {
      let unknown = file.unknownFields.filter { warned.insert($0).inserted }
      guard !unknown.isEmpty else { return }
      console.errorLine("movies: warning: ignoring unknown fields: \(unknown.joined(separator: ", "))")
    }
    warnOfUnknownFields()
    defer { warnOfUnknownFields() }
    var problems = 0
    // Bad rows stop the import, unless they are skipped.
    let prefix = skipInvalid ? "movies: warning: skipped " : "movies: error: "
    defer {
      if problems > Self.listedProblems {
        console.errorLine("\(prefix)\(problems - Self.listedProblems) more invalid rows")
      }
    }
    return try await catalog.importMovies(
      from: &file, skipInvalid: skipInvalid, replacing: replace,
      invalid: { problem in
        problems += 1
        guard problems <= Self.listedProblems else { return }
        bar?.clear()
        console.errorLine("\(prefix)\(problem)")
      },
      progress: { progress in
        guard !isInterrupted() else { throw AppError.interrupted("the import") }
        bar?.update(rows: progress.rowsRead, bytes: meter.bytes)
      })
  }
}
