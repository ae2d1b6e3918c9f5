public import Catalog
public import Repositories

/// One named rule of the ``MovieRepositoryContract``, checked against a fresh, empty repository.
///
/// The body records failures with Swift Testing's `#expect` and `#require`.
///
/// ```swift
/// MovieRepositoryContractCheck<R>("a missing id fetches nil") { movies in
///   #expect(try await movies.fetch(id: Movie.alien.id) == nil)
/// }
/// ```
public struct MovieRepositoryContractCheck<R: Repository>: Sendable where R.Model == Movie {
  /// What the check asserts, as a sentence; it names the check in test results.
  public let name: String
  /// Runs the check against an empty repository.
  public let body: @Sendable (R) async throws -> Void

  /// Creates a check with a name and a body.
  public init(_ name: String, body: @escaping @Sendable (R) async throws -> Void) {
    self.name = name
    self.body = body
  }
}
