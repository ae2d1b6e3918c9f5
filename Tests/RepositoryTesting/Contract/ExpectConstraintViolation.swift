import Repositories
public import Testing

/// Expects an operation to throw `RepositoryError/constraintViolation(_:)`, whatever its
/// message, and records an issue otherwise.
///
/// <!-- snippet context: kit -->
/// ```swift
/// await expectConstraintViolation { try await planets.insert(PlanetFixture().changing(stored)) }
/// ```
public func expectConstraintViolation(
  sourceLocation: SourceLocation = #_sourceLocation,
  _ operation: () async throws -> Void
) async {
  let error = await #expect(throws: RepositoryError.self, sourceLocation: sourceLocation) {
    try await operation()
  }
  guard let error else { return }
  guard case .constraintViolation = error else {
    Issue.record("expected a constraint violation, got \(error)", sourceLocation: sourceLocation)
    return
  }
}
