import CLibPQ

extension PostgresError {
  /// What the error of a lost connection says, for people: its ``message``.
  public static let connectionLostMessage = "the connection to the PostgreSQL server was lost"

  /// Whether the connection to the server was lost, and with it the session: the server ended
  /// it (`57P01`, as `pg_terminate_backend` or a shutdown does; `57P02` after another session
  /// crashed), or the server stopped or the network failed, which libpq finds as a broken
  /// connection (class `08`, ``connectionLostCode`` when the server said nothing).
  ///
  /// The connection is unusable from then on, and what its open transaction had done is rolled
  /// back; a `COMMIT` in flight may or may not have taken effect.
  public var isConnectionLost: Bool { code?.hasPrefix("08") == true || code == "57P01" || code == "57P02" }

  /// The code of a lost connection about which the server said nothing: `connection_failure`.
  public static let connectionLostCode = "08006"

  /// The error libpq reports on `connection`, with the server's code and detail when it gave
  /// them: once the connection is broken (or the server said it ends the session), a lost
  /// connection, which says ``connectionLostMessage`` and keeps libpq's or the server's words
  /// (and a code it replaced) in its detail.
  init(code: String?, message: String, detail: String? = nil, on connection: OpaquePointer) {
    let error = PostgresError(code: code, message: message, detail: detail)
    guard error.isConnectionLost || PQstatus(connection) == CONNECTION_BAD else {
      self = error
      return
    }
    let keptCode = error.isConnectionLost ? error.code : Self.connectionLostCode
    let said = [error.isConnectionLost ? nil : error.code, error.message, error.detail].compactMap { $0 }
    self.init(code: keptCode, message: Self.connectionLostMessage, detail: said.joined(separator: "; "))
  }

  /// The error libpq holds for `connection` (`PQerrorMessage`): a lost connection once it broke.
  init(of connection: OpaquePointer) {
    self.init(code: nil, message: String(cString: PQerrorMessage(connection)), on: connection)
  }
}
