public import Catalog
public import Repositories
public import Testing

/// The behaviour every movie ``Repository`` must have beyond the generic
/// ``RepositoryContract``, with the catalog's sample movies: text search, images, partial
/// updates and fetches, exact expected orders. Written once and run against each repository.
///
/// The in-memory test double and the SQLite repository run the same checks, so they cannot
/// drift apart: a use case tested in memory behaves the same on disk. Each check gets a fresh,
/// empty repository from `make` and records failures with `#expect` and `#require`.
///
/// Besides the protocol's documented errors, the contract pins down what a SQL store could
/// otherwise do its own way:
/// - values round-trip exactly: NUL characters, empty `Data`, `Int.min` and `Int.max`, and
///   dates to the last bit of their `Double`;
/// - `contains` is case-sensitive and treats `%`, `_` and `\` as plain characters;
/// - text sorts by Unicode code point (as Swift's `<` on Linux), and models that sort equal come
///   in identifier order, in either direction (unsorted, in insertion order);
/// - `after` pages by position: through ascending, descending, mixed, optional and text keys,
///   every movie once, in the order of one fetch;
/// - `notFound(id:)` carries `String(describing: id)`, the first missing id in argument order;
/// - batch inserts and deletes are all-or-nothing.
///
/// Run every check as its own test case in the implementation's test target:
///
/// ```swift
/// import Testing
/// import TestSupport
///
/// @Suite struct InMemoryRepositoryContractTests {
///   @Test(arguments: MovieRepositoryContract<InMemoryRepository<Movie>>.checkNames)
///   func obeysTheRepositoryContract(_ check: String) async throws {
///     try await MovieRepositoryContract { InMemoryRepository<Movie>() }.run(check)
///   }
/// }
/// ```
public struct MovieRepositoryContract<R: Repository>: Sendable where R.Model == Movie {
  /// Makes a new, empty repository; called once for every check that runs.
  public let makeRepository: @Sendable () async throws -> R

  /// Creates the contract for the repositories that `make` creates.
  ///
  /// - Parameter make: Returns a new repository that holds no movie and shares no state with
  ///   the ones it returned before.
  public init(make: @escaping @Sendable () async throws -> R) {
    makeRepository = make
  }

  /// Every check of the contract, grouped by the part of the protocol it covers.
  public static var checks: [MovieRepositoryContractCheck<R>] {
    insertingChecks + updatingChecks + filteringChecks + sortingChecks + pagingChecks + keysetChecks
      + deletingChecks + aggregatingChecks
  }

  /// The names of every check, unique and in order: the arguments of a parameterized test.
  public static var checkNames: [String] {
    checks.map(\.name)
  }

  /// Runs the check with a name against a fresh repository.
  ///
  /// - Throws: what the check throws, including a failed `#require`; an unknown `name` or a
  ///   repository that does not start empty fails the test.
  public func run(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let check = try #require(
      Self.checks.first { $0.name == name },
      "no repository contract check is named \"\(name)\"",
      sourceLocation: sourceLocation
    )
    let repository = try await makeRepository()
    let count = try await repository.fetchCount(FetchDescriptor())
    try #require(count == 0, "the repository must start empty", sourceLocation: sourceLocation)
    try await check.body(repository)
  }
}
