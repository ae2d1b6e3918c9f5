public import Repositories
public import Testing

/// The behaviour every ``Repository`` must have, for any model, written once and run against
/// each implementation: insert, fetch, update, delete, upsert, unique keys, predicates, sorting,
/// paging, counts, identifiers and aggregates.
///
/// The model comes from a ``RepositoryContractFixture``; each check gets a fresh, empty
/// repository and records failures with `#expect` and `#require`. The in-memory repository
/// (given the fixture's ``RepositoryContractFixture/keys``) and the SQLite repository run the
/// same checks, so a use case tested in memory behaves the same on disk.
///
/// ```swift
/// @Test(arguments: RepositoryContract<BookFixture>.checkNames)
/// func inMemory(_ check: String) async throws {
///   let fixture = BookFixture()
///   try await RepositoryContract(fixture).run(check) { InMemoryRepository<Book>(keys: fixture.keys) }
/// }
/// ```
///
/// The checks of a ``UnitOfWork`` run apart, through ``run(unitOfWorkCheck:sourceLocation:on:)``.
/// The catalog's own, movie-only checks (text search, images, partial updates) are in
/// ``MovieRepositoryContract``.
public struct RepositoryContract<Fixture: RepositoryContractFixture>: Sendable {
  /// The model the contract checks repositories of.
  public typealias Model = Fixture.Model

  /// One named rule of the contract.
  public struct Check: Sendable {
    /// What the check asserts, as a sentence; it names the check in test results.
    public let name: String
    let body: @Sendable (RepositoryContract, any Repository<Model>) async throws -> Void

    init(_ name: String, body: @escaping @Sendable (RepositoryContract, any Repository<Model>) async throws -> Void) {
      self.name = name
      self.body = body
    }
  }

  /// How many models most checks store.
  static var sampleCount: Int { 12 }

  /// What makes the models of the checks.
  public let fixture: Fixture

  /// Creates the contract for the model a fixture makes.
  public init(_ fixture: Fixture) {
    self.fixture = fixture
  }

  /// Every check of the contract, grouped by the part of the protocol it covers.
  public static var checks: [Check] {
    writingChecks + uniqueChecks + queryingChecks + identifierChecks + keysetChecks
  }

  /// The names of every check, unique and in order: the arguments of a parameterized test.
  public static var checkNames: [String] {
    checks.map(\.name)
  }

  /// Runs the check with a name against a fresh repository.
  ///
  /// - Parameter make: Returns a new repository that holds no model and shares no state with
  ///   the ones it returned before.
  /// - Throws: what the check throws, including a failed `#require`; an unknown `name` or a
  ///   repository that does not start empty fails the test.
  public func run<R: Repository<Model>>(
    _ name: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    on make: () async throws -> R
  ) async throws {
    try await run(name, among: Self.checks, sourceLocation: sourceLocation, on: make)
  }

  /// Runs the check of `checks` with a name against a fresh repository, as ``run(_:sourceLocation:on:)``.
  func run<R: Repository<Model>>(
    _ name: String, among checks: [Check], sourceLocation: SourceLocation, on make: () async throws -> R
  ) async throws {
    let check = try #require(
      checks.first { $0.name == name },
      "no repository contract check is named \"\(name)\"",
      sourceLocation: sourceLocation
    )
    let repository = try await make()
    let count = try await repository.fetchCount(FetchDescriptor())
    try #require(count == 0, "the repository must start empty", sourceLocation: sourceLocation)
    try await check.body(self, repository)
  }
}
