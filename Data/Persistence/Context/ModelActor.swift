/// An actor with a model context of its own, for long work off the caller's task — SwiftData's
/// `@ModelActor`, without the macro. The actor hands `Sendable` models back to its callers.
///
/// <!-- snippet context: movies -->
/// ```swift
/// let worker = try BackgroundModelContext(container)
/// let count = try await worker.perform { context in
///   context.insert(Movie(title: "Alien", date: .now))
///   try context.save()
///   return try context.fetchCount(FetchDescriptor<Movie>())
/// }
/// ```
public protocol ModelActor: Actor {
  /// The container the actor's context belongs to.
  nonisolated var modelContainer: ModelContainer { get }
  /// The actor's own context, used only on the actor.
  var modelContext: ModelContext { get }
}

extension ModelActor {
  /// Runs work with the actor's context, on the actor, and returns its `Sendable` result.
  ///
  /// - Throws: what `work` throws.
  public func perform<T: Sendable>(_ work: @Sendable (ModelContext) throws -> T) throws -> T {
    try work(modelContext)
  }
}

/// A ready-made ``ModelActor``: a context of its own on a configuration's store.
///
/// Its context is an ordinary ``ModelContext``: off by default, its autosave can be turned on
/// in ``perform(_:)``. ``ModelContainer/close()`` saves what it staged when it autosaves, and
/// otherwise refuses to close while it holds unsaved changes.
public actor BackgroundModelContext: ModelActor {
  /// The container the context belongs to.
  public nonisolated let modelContainer: ModelContainer
  /// The actor's own context.
  public let modelContext: ModelContext

  /// Creates the actor and its context, for the named configuration or the container's only one.
  ///
  /// - Throws: ``PersistenceError/unknownConfiguration(_:)`` as ``ModelContext/init(_:configuration:)`` does.
  public init(_ container: ModelContainer, configuration: String? = nil, author: String? = nil) throws(PersistenceError)
  {
    modelContainer = container
    let context = try ModelContext(container, configuration: configuration)
    context.author = author
    modelContext = context
  }
}
