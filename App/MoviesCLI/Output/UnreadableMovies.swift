import Repositories

/// Reads of the whole catalog that go on past movies another program damaged: every movie that
/// can be read is written, and the damaged ones are reported after them.
enum UnreadableMovies {
  /// Runs `read` and returns the `RepositoryError.unreadable` it ends with (after it handed on
  /// every movie that can be read) instead of throwing it, so that the output can be finished
  /// before the failure is reported; `nil` when every movie was read.
  ///
  /// - Throws: every other error of `read`.
  static func finishing(_ read: () async throws -> Void) async throws -> RepositoryError? {
    do {
      try await read()
      return nil
    } catch let error as RepositoryError {
      guard case .unreadable = error else { throw error }
      return error
    }
  }
}
