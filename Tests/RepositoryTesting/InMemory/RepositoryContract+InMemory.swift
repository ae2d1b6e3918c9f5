extension RepositoryContract.Subject {
  /// A new ``InMemoryRepository`` on a new ``InMemoryStore``, and the store as its unit of
  /// work: the in-memory test double as the contract checks it.
  ///
  /// <!-- snippet context: kit -->
  /// ```swift
  /// try await RepositoryContract(PlanetFixture()).run(check) { .inMemory(keys: PlanetFixture.keys) }
  /// ```
  public static func inMemory(keys: ModelKeys<Fixture.Model>) -> Self {
    let store = InMemoryStore()
    return Self(InMemoryRepository<Fixture.Model>(store: store, keys: keys), unitOfWork: store)
  }
}
