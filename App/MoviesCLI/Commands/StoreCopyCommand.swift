import Foundation

/// `movies store copy --to DEST`: copies the catalog into another, empty, store — a file or
/// a PostgreSQL database — and checks the copy.
struct StoreCopyCommand: MoviesCommand {
  static let configuration = CommandConfiguration(
    "copy", in: .store, abstract: "Copy the catalog into an empty store file or PostgreSQL database.",
    discussion: """
      Copies every movie (with its images), review, tag and tagging from the catalog (--store) into \
      DEST, a file path or a postgres:// URL, which must hold no catalog rows: a missing file is \
      created. The source is only read. Then reads both back and compares, per model, the count and a \
      checksum of every value, failing on any difference. The history's position is carried, not its \
      changes (their tokens belong to the source): the destination's history records the copy's \
      transactions under the author "movies store copy of SOURCE at history token T", T the source's \
      newest token, and the copy fails if the source changes meanwhile; a reader of the source's \
      history (a sync) that had reached T goes on after the copy's last transaction in the destination. \
      A source database without the catalog's tables is refused, not given them. Each page of rows is written in \
      its own transaction; if the copy fails or is interrupted (Ctrl-C), everything it wrote is \
      deleted, so the destination is left empty, as it was (a file it created is removed). Until the \
      copy is checked, DEST is marked incomplete: every other command, and another copy, refuses it; \
      a copy killed midway (or whose server stopped) leaves it so, named by store check: remove it \
      and copy again.
      """,
    arguments: [destination])

  static let destination = Option<String>(
    "to", valueName: "PATH|URL", help: "The store to copy into: a file, or a postgres:// database.")

  let destination: StoreLocation

  init(_ arguments: CommandArguments) throws(UsageError) {
    destination = try StoreLocation.named(
      try arguments[Self.destination], argument: "--to", command: Self.configuration.path)
  }

  func run(in context: CommandContext) async throws {
    guard !Self.isSame(context.store, destination) else {
      throw CatalogCopyError.sameStore
    }
    let source = try await context.openCatalog(readOnly: true)
    let target = try await context.openCatalog(destination, creating: true)
    let interrupt = InterruptFlag()
    defer { interrupt.remove() }
    let copied = try await CatalogCopy(source: source, destination: target) { interrupt.isRaised }.run()
    context.console.line("Copied \(source.name) to \(target.name), and checked both:")
    let width = copied.models.map(\.model.count).max() ?? 0
    for model in copied.models {
      context.console.line(
        "  " + model.model + String(repeating: " ", count: width - model.model.count + 2) + "\(model.digest)")
    }
    context.console.line(
      "History: the source's, up to token \(copied.position), is continued by the destination's after this copy's "
        + "transactions (author \"\(copied.author)\").")
  }

  /// Whether two locations name the same store: the same file (after links) or the same URL.
  private static func isSame(_ one: StoreLocation, _ other: StoreLocation) -> Bool {
    switch (one, other) {
    case (.file(let a), .file(let b)): a.resolvingSymlinksInPath().path == b.resolvingSymlinksInPath().path
    case (.server(let a), .server(let b)): a == b
    default: false
    }
  }
}
