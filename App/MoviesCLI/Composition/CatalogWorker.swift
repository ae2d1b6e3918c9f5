import Persistence

/// The catalog's background worker: an actor with a model context of its own (SwiftData's
/// `@ModelActor` idea), where long work such as an import runs off the command's task.
actor CatalogWorker: ModelActor {
  /// The catalog's container.
  nonisolated let modelContainer: ModelContainer
  /// The worker's own context, whose saves the history records as the worker's author.
  let modelContext: ModelContext

  /// A worker on the catalog's store file, writing as `author`.
  init(_ container: ModelContainer, author: String) throws {
    modelContainer = container
    let context = try ModelContext(container, configuration: "Catalog")
    context.author = author
    modelContext = context
  }

  /// Runs work on the worker, handing it everything it captures, and returns its result.
  func run<T: Sendable>(_ work: sending () async throws -> T) async throws -> T {
    try await work()
  }
}
