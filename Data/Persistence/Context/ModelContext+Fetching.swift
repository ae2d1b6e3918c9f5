import Foundation
public import Repositories

/// A context's reads: they see the store as saved, not the context's staged changes, unless
/// ``ModelContext/autosaveEnabled`` saves those first.
extension ModelContext {
  /// The stored models a descriptor matches; staged changes are not seen unless
  /// ``autosaveEnabled`` saves them first.
  ///
  /// - Throws: `RepositoryError` if the query cannot be translated or run, or the autosave fails.
  public func fetch<Model: PersistentModel>(_ descriptor: FetchDescriptor<Model> = FetchDescriptor()) throws -> [Model]
  {
    if autosaveEnabled { try save() }
    return try repository(for: Model.self).fetchNow(descriptor)
  }

  /// How many stored models a descriptor matches.
  ///
  /// - Throws: `RepositoryError` as ``fetch(_:)`` does.
  public func fetchCount<Model: PersistentModel>(_ descriptor: FetchDescriptor<Model> = FetchDescriptor()) throws -> Int
  {
    if autosaveEnabled { try save() }
    return try repository(for: Model.self).fetchCountNow(descriptor)
  }

  /// The identifiers of the stored models a descriptor matches, in the order ``fetch(_:)``
  /// returns them — SwiftData's `fetchIdentifiers`, with the models' own identifiers in place
  /// of `PersistentIdentifier`. Only the primary key is read: no model is decoded and no
  /// external file is opened.
  ///
  /// <!-- snippet context: movies -->
  /// ```swift
  /// let context = try ModelContext(container)
  /// let ids = try context.fetchIdentifiers(FetchDescriptor<Movie>(sortBy: [SortDescriptor(\.title)]))
  /// ```
  ///
  /// - Throws: `RepositoryError` as ``fetch(_:)`` does.
  public func fetchIdentifiers<Model: PersistentModel>(
    _ descriptor: FetchDescriptor<Model> = FetchDescriptor()
  ) throws -> [Model.ID] {
    if autosaveEnabled { try save() }
    return try repository(for: Model.self).fetchIdentifiersNow(descriptor)
  }

  /// Calls `block` with each stored model a descriptor matches, in its order, reading them
  /// `batchSize` at a time — SwiftData's `enumerate`. At most `batchSize` models are held at
  /// once, however many match: on a file store the rows are read through a ``ModelCursor``,
  /// which sees the store as it was when the first row was read. (An in-memory store's cursor
  /// reads every row first.)
  ///
  /// <!-- snippet context: movies -->
  /// ```swift
  /// let context = try ModelContext(container)
  /// var hearts = 0
  /// try context.enumerate(FetchDescriptor<Movie>(), batchSize: 500) { movie in
  ///   hearts += movie.heart
  /// }
  /// ```
  ///
  /// As in SwiftData, `allowEscapingMutations` says whether `block` may leave the context
  /// changed: when it is `false` (the default), a batch after which `block` has staged changes
  /// that are not saved ends the enumeration with an error; save them in `block`, or pass
  /// `true` to keep them staged for a later ``save()``. A model the store cannot read is
  /// skipped, as `Repository.enumerate(_:_:)` skips it.
  ///
  /// - Throws: `RepositoryError.invalidValue` for a `batchSize` under 1;
  ///   `RepositoryError.unsupportedQuery` when `block` leaves changes staged and
  ///   `allowEscapingMutations` is `false` (they stay staged); what ``fetch(_:)`` throws; what
  ///   `block` throws, which ends the enumeration; `RepositoryError.unreadable` after the last
  ///   model, if some were skipped.
  public func enumerate<Model: PersistentModel>(
    _ descriptor: FetchDescriptor<Model>, batchSize: Int = 5000, allowEscapingMutations: Bool = false,
    block: (Model) throws -> Void
  ) throws {
    guard batchSize > 0 else {
      throw RepositoryError.invalidValue("enumerate needs a batch size of at least 1, not \(batchSize)")
    }
    if autosaveEnabled { try save() }
    let cursor = try repository(for: Model.self).rowsNow(descriptor)
    let stagedBefore = stagings
    var batch: [Model] = []
    var finished = false
    while !finished {
      // The end of the rows, or an error, comes after the models read before it are handed on.
      var ending: RepositoryError?
      do {
        while batch.count < batchSize, !finished {
          if let model = try cursor.nextModel() { batch.append(model) } else { finished = true }
        }
      } catch {
        (ending, finished) = (error, true)
      }
      for model in batch { try block(model) }
      batch.removeAll(keepingCapacity: true)
      if !allowEscapingMutations, hasChanges, stagings != stagedBefore {
        throw RepositoryError.unsupportedQuery(
          "enumerate's block staged changes and did not save them; save them in the block, "
            + "or pass allowEscapingMutations: true")
      }
      if let ending { throw ending }
    }
  }

  /// A repository on this context's store, for reads.
  func repository<Model: PersistentModel>(
    for type: Model.Type
  ) throws(RepositoryError) -> any StoreRepository<Model> {
    guard let table = store.tables[ObjectIdentifier(type)] else {
      throw .unavailable("\(Model.self) is not stored in this context's store")
    }
    return store.repository(of: type, table: table, author: nil)
  }
}
