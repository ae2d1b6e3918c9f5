extension ModelContext {
  /// The transactions of this context's store that a descriptor describes, oldest first, with
  /// their typed changes: SwiftData's `ModelContext.fetchHistory(_:)`. Staged changes are not
  /// history until ``save()`` commits them.
  ///
  /// <!-- snippet context: movies -->
  /// ```swift
  /// let context = try ModelContext(container)
  /// let byImporter = try context.fetchHistory(HistoryDescriptor(predicate: #Predicate { $0.author == "importer" }))
  /// ```
  ///
  /// - Throws: ``PersistenceError`` if the store keeps no history or it cannot be read.
  public func fetchHistory(_ descriptor: HistoryDescriptor) throws -> [HistoryTransaction] {
    try store.fetchHistory(descriptor)
  }

  /// Deletes exactly the transactions of this context's store that a descriptor describes,
  /// with their changes: SwiftData's `ModelContext.deleteHistory(_:)`.
  ///
  /// - Throws: ``PersistenceError`` if the store keeps no history or cannot be written; the
  ///   history is then left as it was.
  public func deleteHistory(_ descriptor: HistoryDescriptor) throws {
    try store.deleteHistory(descriptor)
  }
}
