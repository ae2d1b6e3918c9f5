extension RepositoryContract {
  /// One named rule of the contract, checked against an empty repository and the unit of work
  /// of its store.
  ///
  /// The body records failures with Swift Testing's `#expect` and `#require`. A fixture adds
  /// checks of its own through ``RepositoryContractFixture/additionalChecks``:
  ///
  /// <!-- snippet context: kit -->
  /// ```swift
  /// let missing = RepositoryContract<PlanetFixture>.Check("a missing id fetches nil") { _, subject in
  ///   let found = try await subject.repository.fetch(id: UUID(fixture: 250))
  ///   #expect(found == nil)
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
}
