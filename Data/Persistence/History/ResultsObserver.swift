import Repositories

/// The results of a fetch, now and after every commit that changes a model of its type, from
/// any process: an `AsyncSequence` that never ends by itself.
///
/// Made by ``ModelContainer/results(_:configuration:interval:)``.
public struct ResultsObserver<Model: PersistentModel>: AsyncSequence, Sendable {
  let repository: any StoreRepository<Model>
  let descriptor: FetchDescriptor<Model>
  let changes: HistoryObserver

  /// Starts with the current results.
  public func makeAsyncIterator() -> Iterator {
    Iterator(repository: repository, descriptor: descriptor, changes: changes.makeAsyncIterator())
  }

  /// Yields the results once, then once more after each relevant commit.
  public struct Iterator: AsyncIteratorProtocol {
    let repository: any StoreRepository<Model>
    let descriptor: FetchDescriptor<Model>
    var changes: HistoryObserver.Iterator
    var started = false

    /// The current results, or, after the first call, the results after the next relevant commit.
    ///
    /// - Throws: `CancellationError` when the task is cancelled; `RepositoryError` if the fetch fails.
    public mutating func next() async throws -> [Model]? {
      if started {
        guard try await changes.next() != nil else { return nil }
      }
      started = true
      return try await repository.fetch(descriptor)
    }
  }
}
