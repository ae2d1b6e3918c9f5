import Foundation
import PostgresCore
import Testing

/// The PostgreSQL core against a real server: parameters of every kind go and come back
/// unchanged, and errors carry the server's SQLSTATE.
@Suite(.needsPostgreSQL)
struct PostgresConnectionTests {
  let connection: PostgresConnection

  init() throws {
    connection = try PostgresConnection(url: try PostgresTestServer.makeDatabase())
  }

  @Test func itConnectsToTheTestServer() {
    #expect(connection.serverVersion >= 150_000)
  }

  @Test(arguments: [
    PostgresValue.integer(.max), .integer(.min), .integer(0), .real(0.1), .real(-1e300), .real(.leastNonzeroMagnitude),
    .real(.infinity),
    .real(-.infinity), .text(""), .text("l'été \"déjà\" \\ 🎬 \u{301}"), .text(String(repeating: "x", count: 100_000)),
    .bytes([]), .bytes([0, 1, 0xFF, 0x5C, 0x27]), .boolean(true), .boolean(false),
  ])
  func aParameterComesBackAsItWent(_ value: PostgresValue) throws {
    let type =
      switch value {
      case .integer: "int8"
      case .real: "float8"
      case .text: "text"
      case .bytes: "bytea"
      case .boolean: "bool"
      case .null: "text"
      }
    let rows = try connection.query("SELECT $1::\(type)", [value])
    #expect(rows.count == 1 && rows.columnCount == 1)
    let back: PostgresValue? =
      switch value {
      case .integer: rows.int64(row: 0, column: 0).map(PostgresValue.integer)
      case .real: rows.double(row: 0, column: 0).map(PostgresValue.real)
      case .text: rows.text(row: 0, column: 0).map(PostgresValue.text)
      case .bytes: rows.bytes(row: 0, column: 0).map(PostgresValue.bytes)
      case .boolean: rows.bool(row: 0, column: 0).map(PostgresValue.boolean)
      case .null: nil
      }
    #expect(back == value)
  }

  @Test func nullAndNaNComeBack() throws {
    let rows = try connection.query("SELECT $1::text, $2::float8", [.null, .real(.nan)])
    #expect(rows.isNull(row: 0, column: 0))
    #expect(rows.text(row: 0, column: 0) == nil)
    #expect(rows.double(row: 0, column: 1)?.isNaN == true)
  }

  @Test func aTextParameterWithANulIsRefusedBeforeItIsSent() throws {
    #expect(
      throws: PostgresError(code: nil, message: "parameter $2 holds a NUL character, which PostgreSQL text cannot")
    ) {
      try connection.query("SELECT $1::text, $2::text", [.text("a"), .text("b\u{0}c")])
    }
  }

  @Test func errorsCarryTheServersCode() throws {
    try connection.execute("CREATE TABLE t (id int8 PRIMARY KEY, name text NOT NULL)")
    let inserted = try connection.query(
      "INSERT INTO t VALUES ($1, $2), ($3, $4)", [.integer(1), .text("a"), .integer(2), .text("b")])
    #expect(inserted.changedRows == 2)
    do {
      _ = try connection.query("INSERT INTO t VALUES ($1, $2)", [.integer(1), .text("again")])
      Issue.record("a duplicate key was accepted")
    } catch {
      #expect(error.isUniqueViolation)
      #expect(!error.message.contains("\n"))
    }
    #expect(throws: PostgresError.self) { try connection.execute("SELEC 1") }
    do {
      try connection.execute("SELEC 1")
    } catch {
      #expect(error.code == "42601")
    }
    let rows = try connection.query("SELECT name FROM t ORDER BY id")
    #expect((0..<rows.count).map { rows.text(row: $0, column: 0) } == ["a", "b"])
    #expect(rows.columnName(0) == "name")
  }

  @Test func aServerThatIsNotThereIsAnErrorWithoutACode() throws {
    do {
      _ = try PostgresConnection(url: "postgresql://postgres@127.0.0.1:1/none?connect_timeout=2")
      Issue.record("connected to a closed port")
    } catch {
      #expect(error.code == nil)
      #expect(!error.message.isEmpty)
    }
  }
}

/// libpq's and the server's messages of several lines read as one.
@Suite struct PostgresErrorMessageTests {
  @Test func linesArePartedNotRunTogether() {
    let refused = PostgresError(
      code: nil,
      message: "connection to server at \"127.0.0.1\", port 1 failed: Connection refused\n"
        + "\tIs the server running on that host and accepting TCP/IP connections?\n")
    #expect(
      refused.message
        == "connection to server at \"127.0.0.1\", port 1 failed: Connection refused; "
        + "Is the server running on that host and accepting TCP/IP connections?")
  }
}
