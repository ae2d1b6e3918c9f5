public import Repositories

extension RepositoryContract {
  /// The store a check runs against: a repository of the fixture's model and the unit of work
  /// of the same store, both empty.
  ///
  /// <!-- snippet context: kit -->
  /// ```swift
  /// let store = InMemoryStore()
  /// let subject = RepositoryContract<PlanetFixture>.Subject(
  ///   InMemoryRepository<Planet>(store: store, keys: PlanetFixture.keys), unitOfWork: store)
  /// ```
  public struct Subject: Sendable {
    /// The repository under test.
    public let repository: any Repository<Model>
    /// The unit of work of the repository's store: what it commits, the repository reads.
    public let unitOfWork: any UnitOfWork

    /// Creates the subject of a check from a repository and the unit of work of its store.
    public init(_ repository: some Repository<Model>, unitOfWork: some UnitOfWork) {
      self.repository = repository
      self.unitOfWork = unitOfWork
    }
  }
}
