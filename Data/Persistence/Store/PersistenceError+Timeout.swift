import PostgresCore

extension PersistenceError {
  /// Whether the store cancelled the operation because it ran, or waited for a lock, longer
  /// than its time limit allows: a PostgreSQL server's `statement_timeout` or `lock_timeout`
  /// (SQLSTATE `57014` or `55P03`). A store file has no such limit; its writers wait for each
  /// other (``busy(path:holder:waited:)``).
  public var isTimeout: Bool {
    guard case .postgres(let error) = self else { return false }
    return error.isTimeout
  }
}
