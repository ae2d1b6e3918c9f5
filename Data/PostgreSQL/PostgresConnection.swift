import CLibPQ
import Foundation

/// One connection to a PostgreSQL server, through libpq.
///
/// A connection runs one statement at a time and is not `Sendable`: one task uses it at a time
/// (a pool hands connections out). It closes when released.
///
/// ```swift
/// import PostgresCore
///
/// let connection = try PostgresConnection(url: "postgres://catalog@localhost/catalog")
/// let rows = try connection.query("SELECT title FROM movies WHERE rate >= $1", [.integer(8)])
/// for row in 0..<rows.count { print(rows.text(row: row, column: 0) ?? "") }
/// ```
public final class PostgresConnection {
  // Internal, not private, for the COPY of PostgresConnection+Copy.swift.
  let handle: OpaquePointer
  /// The statements prepared on the server, by their SQL, and the order they were prepared in.
  private var prepared = PreparedStatements()

  /// Connects to a server by a libpq connection string: a URL
  /// (`postgres://user@host:port/database`) or `key=value` pairs.
  ///
  /// The server's notices (warnings a statement raises) are dropped rather than printed on
  /// standard error; errors are thrown.
  ///
  /// - Throws: ``PostgresError`` with no code when libpq (`libpq.so.5`) cannot be loaded, or the
  ///   server cannot be reached or refuses the connection; the message is libpq's, with any
  ///   password the URL holds replaced by `***`. A server that serves as many connections as
  ///   it may has the code `53300` (``PostgresError/isServerFull``).
  public init(url: String) throws(PostgresError) {
    // libpq is loaded at the first connection, not when the program starts.
    if let failure = clibpq_load_failure() {
      throw PostgresError(code: nil, message: "libpq cannot be loaded: \(String(cString: failure))")
    }
    guard let handle = PQconnectdb(url) else {
      throw PostgresError(code: nil, message: "libpq could not allocate a connection")
    }
    guard PQstatus(handle) == CONNECTION_OK else {
      // libpq quotes a malformed URL whole, its password too.
      let message = PostgresPassword.redacting(String(cString: PQerrorMessage(handle)), of: url)
      PQfinish(handle)
      throw PostgresError(code: Self.connectionCode(of: message), message: message)
    }
    PQsetNoticeProcessor(handle, { _, _ in }, nil)
    self.handle = handle
  }

  deinit { PQfinish(handle) }

  /// The SQLSTATE a refused connection's message stands for, which libpq does not give: `53300`
  /// when the server serves as many connections as it may (its message is not translated
  /// before the client's encoding and language are known), else none.
  private static func connectionCode(of message: String) -> String? {
    ["too many clients already", "remaining connection slots are reserved", "too many connections for"]
      .contains { message.contains($0) } ? "53300" : nil
  }

  /// Whether the link to the server is still up: `false` once libpq found it broken (the
  /// server restarted, the network failed), after which every statement fails.
  public var isUsable: Bool { PQstatus(handle) == CONNECTION_OK }

  /// Whether no transaction is open on the connection (none begun, or the last one ended).
  public var isIdle: Bool { PQtransactionStatus(handle) == PQTRANS_IDLE }

  /// The server's version as a number: 150018 for 15.18.
  public var serverVersion: Int { Int(PQserverVersion(handle)) }

  /// Runs one or more statements that take no parameters, such as a schema's `CREATE TABLE`s,
  /// all in one round trip.
  ///
  /// - Throws: ``PostgresError`` for the first statement that fails; PostgreSQL runs such a
  ///   string as one transaction unless it holds its own `BEGIN`/`COMMIT`.
  public func execute(_ sql: String) throws(PostgresError) {
    _ = try PostgresResult(PQexec(handle, sql), on: handle)
  }

  /// Runs one statement with parameters `$1`, `$2`, … bound to `parameters`, and returns its
  /// rows (none for a statement that returns none).
  ///
  /// - Throws: ``PostgresError`` if the statement fails; a text parameter that holds a NUL is
  ///   refused before anything is sent.
  public func query(_ sql: String, _ parameters: [PostgresValue] = []) throws(PostgresError) -> PostgresResult {
    var texts: [[CChar]?] = []
    var types: [UInt32] = []
    var formats: [Int32] = []
    var lengths: [Int32] = []
    texts.reserveCapacity(parameters.count)
    for (index, parameter) in parameters.enumerated() {
      switch parameter {
      case .bytes(let bytes):
        texts.append(bytes.map { CChar(bitPattern: $0) })
        types.append(Self.byteaType)
        formats.append(1)
        lengths.append(Int32(bytes.count))
      default:
        let text = parameter.text
        if let text, text.utf8.contains(0) {
          throw PostgresError(
            code: nil, message: "parameter $\(index + 1) holds a NUL character, which PostgreSQL text cannot")
        }
        texts.append(text.map { Array($0.utf8CString) })
        // As `unknown`: the server reads it as the type the statement needs there.
        types.append(0)
        formats.append(0)
        lengths.append(0)
      }
    }
    do {
      return try run(sql, texts: texts, types: types, lengths: lengths, formats: formats)
    } catch  where error.code == "0A000" && prepared.name(of: sql) != nil {
      // "cached plan must not change result type": a table the statement reads changed shape
      // since it was prepared. Prepared again, it runs on the table as it is now.
      prepared.forget(sql)
      return try run(sql, texts: texts, types: types, lengths: lengths, formats: formats)
    }
  }

  /// Runs a statement through its prepared form, preparing it first if it is new; a statement
  /// that cannot be kept (the cache is full and cannot make room inside a transaction) runs
  /// unprepared.
  private func run(
    _ sql: String, texts: [[CChar]?], types: [UInt32], lengths: [Int32], formats: [Int32]
  ) throws(PostgresError) -> PostgresResult {
    let name: String?
    if let known = prepared.name(of: sql) {
      name = known
    } else {
      name = try prepare(sql, types: types)
    }
    let result = withPointers(to: texts) { pointers in
      if let name {
        PQexecPrepared(handle, name, Int32(texts.count), pointers, lengths, formats, 0)
      } else {
        PQexecParams(handle, sql, Int32(texts.count), types, pointers, lengths, formats, 0)
      }
    }
    return try PostgresResult(result, on: handle)
  }

  /// Prepares a statement on the server under a new name and returns the name, or `nil` if the
  /// cache is full and room cannot be made now (inside a transaction, where a failed statement
  /// would stop every later one, nothing is deallocated).
  private func prepare(_ sql: String, types: [UInt32]) throws(PostgresError) -> String? {
    if prepared.isFull {
      guard isIdle, let oldest = prepared.removeOldest() else { return nil }
      try execute("DEALLOCATE \(oldest)")
    }
    let name = prepared.nextName()
    _ = try PostgresResult(PQprepare(handle, name, sql, Int32(types.count), types), on: handle)
    prepared.remember(sql, as: name)
    return name
  }

  /// An identifier (a table's, a channel's) quoted for SQL: in double quotes, each double quote
  /// in it doubled, so that any text names exactly itself.
  public static func quoted(identifier: String) -> String {
    "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// The connection's socket, to wait on for the server's messages.
  var socket: Int32 { PQsocket(handle) }

  /// Reads what the server sent without waiting, and returns the notifications among it.
  ///
  /// - Throws: ``PostgresError`` (``PostgresError/isConnectionLost``) if the connection broke.
  func receivedNotifications() throws(PostgresError) -> [PostgresNotification] {
    // A server that ends the session says why outside any statement, which libpq hands to the
    // notice processor; the connection breaks at the end of what it sent, maybe in this read.
    guard PQconsumeInput(handle) == 1, isUsable else { throw PostgresError(of: handle) }
    var notifications: [PostgresNotification] = []
    while let notify = PQnotifies(handle) {
      notifications.append(
        PostgresNotification(
          channel: String(cString: notify.pointee.relname), payload: String(cString: notify.pointee.extra),
          senderProcessID: Int(notify.pointee.be_pid)))
      PQfreemem(notify)
    }
    return notifications
  }

  /// `bytea`'s type identifier.
  private static let byteaType: UInt32 = 17
}

/// The statements a connection prepared on the server, by their SQL: at most
/// ``PreparedStatements/limit``, the oldest let go first.
private struct PreparedStatements {
  /// The most statements kept prepared at once.
  static let limit = 256
  private var names: [String: String] = [:]
  private var order: [String] = []
  private var counter = 0

  var isFull: Bool { names.count >= Self.limit }

  func name(of sql: String) -> String? { names[sql] }

  /// A name no statement of the connection has had.
  mutating func nextName() -> String {
    counter += 1
    return "s\(counter)"
  }

  mutating func remember(_ sql: String, as name: String) {
    names[sql] = name
    order.append(sql)
  }

  /// Forgets a statement the server may still hold under its name (harmless: names are never
  /// reused).
  mutating func forget(_ sql: String) {
    names[sql] = nil
    order.removeAll { $0 == sql }
  }

  /// Forgets the oldest statement and returns its name, for the server to let go of.
  mutating func removeOldest() -> String? {
    guard !order.isEmpty else { return nil }
    return names.removeValue(forKey: order.removeFirst())
  }
}

/// Calls `body` with a C pointer to each buffer (a null pointer for `nil`), valid during the
/// call: the buffers are laid end to end in one allocation.
private func withPointers<R>(to buffers: [[CChar]?], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
  var storage: [CChar] = []
  var offsets: [Int?] = []
  offsets.reserveCapacity(buffers.count)
  for buffer in buffers {
    offsets.append(buffer.map { _ in storage.count })
    if let buffer { storage += buffer }
  }
  // One byte more, so that an empty value still has an address inside the allocation.
  storage.append(0)
  return storage.withUnsafeBufferPointer { all in
    // A non-empty array's buffer always has a base address.
    let base = all.baseAddress!
    return body(offsets.map { offset in offset.map { base + $0 } })
  }
}
