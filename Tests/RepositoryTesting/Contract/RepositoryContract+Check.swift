public import Repositories

extension RepositoryContract {
  /// One named rule of the contract, checked against an empty repository and the unit of work
  /// of its store.
  ///
  /// The body records failures with Swift Testing's `#expect` and `#require`. A fixture adds
  /// checks of its own through ``RepositoryContractFixture/additionalChecks``:
  ///
  /// ```swift
  /// RepositoryContract<PlanetFixture>.Check("a missing id fetches nil") { contract, subject in
  ///   #expect(try await subject.repository.fetch(id: UUID(fixture: 250)) == nil)
  /// }
  /// ```
  public struct Check: Sendable {
    /// What the check asserts, as a sentence; it names the check in test results.
    public let name: String
    let body: @Sendable (RepositoryContract, Subject) async throws -> Void

    /// Creates a check with a name and a body that receives the contract and the store under
    /// test.
    public init(_ name: String, body: @escaping @Sendable (RepositoryContract, Subject) async throws -> Void) {
      self.name = name
      self.body = body
    }
  }

  /// The store a check runs against: a repository of the fixture's model and the unit of work
  /// of the same store, both empty.
  ///
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
