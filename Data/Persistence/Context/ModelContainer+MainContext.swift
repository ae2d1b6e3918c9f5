extension ModelContainer {
  /// The context of the main actor, SwiftData's `mainContext`: made at its first use and the
  /// same context every time after, on the store of the container's first configuration.
  ///
  /// As in SwiftData it saves on its own: ``ModelContext/autosaveEnabled`` is on, so its reads
  /// save what is staged first, and ``close()`` saves what is still staged before it closes the
  /// store; turn it off to save only when ``ModelContext/save()`` is called (``close()`` then
  /// refuses to close over unsaved changes).
  /// Its ``ModelContext/container`` is a container for the same stores rather than this very
  /// object, so that keeping the context does not keep this container from being released.
  ///
  /// <!-- snippet context: movies -->
  /// ```swift
  /// @MainActor func addAlien(to container: ModelContainer) throws {
  ///   container.mainContext.insert(Movie(title: "Alien", date: .now))
  ///   try container.mainContext.save()
  /// }
  /// ```
  @MainActor public var mainContext: ModelContext {
    let slot = mainContextSlot.owner?.mainContextSlot ?? mainContextSlot
    if let context = slot.context { return context }
    let context = ModelContext(container: ModelContainer(sharingStoresOf: self), store: firstStore)
    context.autosaveEnabled = true
    slot.context = context
    return context
  }
}

/// Holds a container's main context, on the main actor.
///
/// A container made only for a main context (see
/// ``ModelContainer/init(sharingStoresOf:)``) names the container that keeps the context; it
/// holds it weakly, since that container holds the context, which holds this one.
@MainActor final class MainContextSlot {
  var context: ModelContext?
  nonisolated weak let owner: ModelContainer?

  nonisolated init(owner: ModelContainer?) {
    self.owner = owner
  }
}
