import Repositories
public import Testing

/// The behaviour every `Repository` and its store's `UnitOfWork` must have, for any model,
/// written once and run against each implementation through one entry point.
///
/// The contract covers insert, fetch, update, delete, upsert, unique keys, predicates,
/// sorting, paging, keyset positions, counts, identifiers, aggregates and units of work. The
/// model comes from a ``RepositoryContractFixture``; a fixture that names `Bool` attributes
/// adds the checks of sorting by them, and a fixture may bring checks of its own.
///
/// Each check gets a fresh, empty store and records failures with `#expect` and `#require`.
/// The in-memory repository, SQLite and PostgreSQL run the same checks, so a use case tested
/// in memory behaves the same on disk or on a server. Run every check as its own test case,
/// one line per store:
///
/// ```swift
/// import RepositoryTesting
/// import Testing
///
/// @Suite struct PlanetRepositoryContractTests {
///   static let contract = RepositoryContract(PlanetFixture())
///
///   @Test(arguments: contract.checkNames)
///   func inMemory(_ check: String) async throws {
///     try await Self.contract.run(check) { .inMemory(keys: PlanetFixture.keys) }
///   }
/// }
/// ```
public struct RepositoryContract<Fixture: RepositoryContractFixture>: Sendable {
  /// The model the contract checks repositories of.
  public typealias Model = Fixture.Model

  /// How many models most checks store.
  static var sampleCount: Int { 12 }

  /// What makes the models of the checks.
  public let fixture: Fixture

  /// Creates the contract for the model a fixture makes.
  public init(_ fixture: Fixture) {
    self.fixture = fixture
  }

  /// Every check the fixture's model is held to: the contract's own, grouped by the part of
  /// the protocol they cover; those of sorting by `Bool` when the fixture names
  /// ``RepositoryContractFixture/boolAttributes``; then the fixture's
  /// ``RepositoryContractFixture/additionalChecks``.
  public var checks: [Check] {
    Self.writingChecks + Self.uniqueChecks + Self.queryingChecks + Self.identifierChecks + Self.keysetChecks
      + Self.unitOfWorkChecks + (fixture.boolAttributes == nil ? [] : Self.boolSortingChecks)
      + fixture.additionalChecks
  }

  /// The names of every check, in order: the arguments of a parameterized test.
  public var checkNames: [String] {
    checks.map(\.name)
  }

  /// Runs the check with a name against a fresh store.
  ///
  /// <!-- snippet context: kit -->
  /// ```swift
  /// try await RepositoryContract(PlanetFixture()).run(check) { .inMemory(keys: PlanetFixture.keys) }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The check's name, one of ``checkNames``.
  ///   - sourceLocation: Where a failure of the run itself is reported.
  ///   - make: Returns a repository that holds no model and the unit of work of its store,
  ///     sharing no state with the ones it returned before.
  /// - Throws: what the check throws, including a failed `#require`; an unknown `name`, a
  ///   name that two checks share, or a repository that does not start empty fails the test.
  public func run(
    _ name: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    on make: () async throws -> Subject
  ) async throws {
    let named = checks.filter { $0.name == name }
    try #require(named.count <= 1, "\(named.count) checks are named \"\(name)\"", sourceLocation: sourceLocation)
    let check = try #require(
      named.first, "no repository contract check is named \"\(name)\"", sourceLocation: sourceLocation)
    let subject = try await make()
    let count = try await subject.repository.fetchCount(FetchDescriptor())
    try #require(count == 0, "the repository must start empty", sourceLocation: sourceLocation)
    try await check.body(self, subject)
  }
}
