import Catalog
import Foundation

/// `movies demo`: fills a separate demo store with a few movies and lists them.
///
/// The demo never touches the person's own catalog: it uses `demo.store` beside it (beside the
/// one `--store` or `MOVIES_STORE` names, else the default one), which it empties and refills on
/// every run.
struct DemoCommand: MoviesCommand {
  static let configuration = CommandConfiguration(
    "demo", abstract: "Fill a separate demo store with a few movies and list them.",
    discussion: """
      Your own catalog is never touched: the demo store is demo.store in the catalog's folder \
      (the one --store or MOVIES_STORE names), emptied and refilled on every run.
      """)

  init(_ arguments: CommandArguments) throws(UsageError) {}

  func run(in context: CommandContext) async throws {
    let storeURL = try context.storeFile(for: "demo")
    let url = storeURL.deletingLastPathComponent().appendingPathComponent("demo.store")
    guard
      url.standardizedFileURL.resolvingSymlinksInPath()
        != storeURL.standardizedFileURL.resolvingSymlinksInPath()
    else {
      throw AppError.notConfirmed(
        "the demo store would be your catalog \(storeURL.path); the demo empties it, so it does not run there")
    }
    let catalog = try await context.openCatalog(at: url, creating: true)
    _ = try await catalog.clear()
    var added: [Movie] = []
    for sample in Self.samples {
      added.append(
        try await catalog.add(
          title: sample.title, content: sample.content, date: CatalogDate.parse(sample.date) ?? Date(),
          rate: sample.rate))
    }
    for movie in added.prefix(2) { _ = try await catalog.heart(id: movie.id) }

    let console = context.console
    console.line("Demo store: \(url.path)")
    console.show("\n")
    console.line("All movies, by date:")
    console.show(MovieOutput.table(try await catalog.list(MovieQuery())))
    console.show("\nRated 8 or more, best first:\n")
    console.show(
      MovieOutput.table(try await catalog.list(MovieQuery(minimumRate: 8, sortKey: .rate, descending: true))))
    let program = CommandLine.arguments.first.map { URL(fileURLWithPath: $0).path } ?? "movies"
    console.show("\n")
    console.line("Try: \(program) list --store '\(url.path)' --search Space --format json")
  }

  private static let samples: [(title: String, content: String, date: String, rate: Int)] = [
    ("Metropolis", "A city of the future, split between thinkers and workers.", "1927-01-10", 8),
    ("Seven Samurai", "A village hires seven masterless samurai.", "1954-04-26", 10),
    ("2001: A Space Odyssey", "From the dawn of man to the stars.", "1968-04-02", 9),
    ("Alien", "In space no one can hear you scream.", "1979-05-25", 9),
    ("Amélie", "A shy waitress decides to change the lives of those around her.", "2001-04-25", 7),
    ("Spirited Away", "千と千尋の神隠し: a girl wanders into a world of spirits.", "2001-07-20", 10),
  ]
}
