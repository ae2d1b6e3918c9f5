import Repositories

/// A repository of one of a ``DatabaseStore``'s tables, as the engine uses it: the
/// `Repository` a ``ModelRepository`` hands its calls to, and the reads of a context, which
/// are not async.
protocol StoreRepository<Model>: Repository where Model: PersistentModel {
  /// ``Repository/fetch(_:)``, without suspending.
  func fetchNow(_ descriptor: FetchDescriptor<Model>) throws(RepositoryError) -> [Model]
  /// ``Repository/fetchCount(_:)``, without suspending.
  func fetchCountNow(_ descriptor: FetchDescriptor<Model>) throws(RepositoryError) -> Int
  /// ``Repository/fetchIdentifiers(_:)``, without suspending.
  func fetchIdentifiersNow(_ descriptor: FetchDescriptor<Model>) throws(RepositoryError) -> [Model.ID]
  /// The models a descriptor matches, one at a time, without suspending.
  func rowsNow(_ descriptor: FetchDescriptor<Model>) throws(RepositoryError) -> any ModelRows<Model>
  /// Fails naming the stored models whose values cannot be read (another program wrote them).
  func checkReadable() async throws
  /// Whether the query of a descriptor can be run, checked without running it.
  func validate(_ descriptor: FetchDescriptor<Model>) throws(PersistenceError)
}

/// Models read one at a time, as a context's `enumerate` reads them.
protocol ModelRows<Model>: AnyObject {
  associatedtype Model
  /// The next model, or `nil` after the last.
  func nextModel() throws(RepositoryError) -> Model?
}
