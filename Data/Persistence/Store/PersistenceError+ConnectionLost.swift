import PostgresCore

extension PersistenceError {
  /// Whether the connection to the store's PostgreSQL server was lost before the operation
  /// finished (`PostgresError.isConnectionLost`): the server stopped, restarted or ended the
  /// session, or the network failed. What the operation's transaction had done is rolled back.
  /// A store file has no connection to lose.
  public var isConnectionLost: Bool {
    guard case .postgres(let error) = self else { return false }
    return error.isConnectionLost
  }
}
