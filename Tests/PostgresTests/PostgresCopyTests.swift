import PostgresCore
import Testing

/// `copy(_:rows:)` against a real server: every kind of value arrives as it went, however
/// awkward its characters, and a COPY that fails writes nothing and leaves the connection ready.
@Suite(.needsPostgreSQL)
struct PostgresCopyTests {
  let connection: PostgresConnection

  init() throws {
    connection = try PostgresConnection(url: try PostgresTestServer.makeDatabase())
    try connection.execute(
      "CREATE TABLE items (id int8 PRIMARY KEY, name text, score float8, data bytea, flag bool, note text)")
  }

  /// The rows of `items`, in id order, as the values they hold.
  private func items() throws -> [[PostgresValue]] {
    let rows = try connection.query("SELECT id, name, score, data, flag, note FROM items ORDER BY id")
    return (0..<rows.count).map { row in
      [
        rows.int64(row: row, column: 0).map(PostgresValue.integer) ?? .null,
        rows.text(row: row, column: 1).map(PostgresValue.text) ?? .null,
        rows.double(row: row, column: 2).map(PostgresValue.real) ?? .null,
        rows.bytes(row: row, column: 3).map(PostgresValue.bytes) ?? .null,
        rows.bool(row: row, column: 4).map(PostgresValue.boolean) ?? .null,
        rows.text(row: row, column: 5).map(PostgresValue.text) ?? .null,
      ]
    }
  }

  @Test func everyValueArrivesAsItWent() throws {
    let rows: [[PostgresValue]] = [
      [
        .integer(1), .text("tab\there, line\nbreak, return\r, back\\slash \\N"), .real(-1.5),
        .bytes([0, 9, 10, 0x5C, 0xFF]),
        .boolean(true), .null,
      ],
      [.integer(2), .text(""), .real(.infinity), .bytes([]), .boolean(false), .text("\\.")],
      [.integer(.max), .text("l'été \"déjà\" 🎬 \u{301}"), .real(0.1), .null, .null, .text("N")],
    ]
    let written = try connection.copy("COPY items (id, name, score, data, flag, note) FROM STDIN", rows: rows)
    #expect(written == 3)
    #expect(try items() == rows)
  }

  @Test func aLoadLargerThanOnePieceArrivesWhole() throws {
    // About 1 MB, sent in pieces of 64 KiB.
    let rows = (0..<10_000).map { index -> [PostgresValue] in
      [.integer(Int64(index)), .text(String(repeating: "x\t", count: 50)), .null, .null, .null, .null]
    }
    #expect(try connection.copy("COPY items (id, name, score, data, flag, note) FROM STDIN", rows: rows) == 10_000)
    let stored = try connection.query("SELECT count(*), count(DISTINCT name), min(length(name)) FROM items")
    #expect(stored.int64(row: 0, column: 0) == 10_000)
    #expect(stored.int64(row: 0, column: 1) == 1)
    #expect(stored.int64(row: 0, column: 2) == 100)
  }

  @Test func aRefusedRowWritesNothingAndTheConnectionGoesOn() throws {
    let rows: [[PostgresValue]] = [
      [.integer(1), .text("a"), .null, .null, .null, .null], [.integer(1), .text("b"), .null, .null, .null, .null],
    ]
    #expect(throws: PostgresError.self) {
      try connection.copy("COPY items (id, name, score, data, flag, note) FROM STDIN", rows: rows)
    }
    #expect(try items().isEmpty)
    #expect(connection.isIdle)
    #expect(try connection.query("SELECT 1").int64(row: 0, column: 0) == 1)
  }

  @Test func aNulCharacterAbandonsTheCopy() throws {
    let rows: [[PostgresValue]] = [
      [.integer(1), .text("fine"), .null, .null, .null, .null],
      [.integer(2), .text("a\u{0}b"), .null, .null, .null, .null],
    ]
    let error = #expect(throws: PostgresError.self) {
      try connection.copy("COPY items (id, name) FROM STDIN", rows: rows.map { Array($0.prefix(2)) })
    }
    #expect(error?.message.contains("row 2, column 2 holds a NUL") == true)
    #expect(try items().isEmpty)
    #expect(try connection.query("SELECT 1").int64(row: 0, column: 0) == 1)
  }

  @Test func aStatementThatIsNoCopyFromStdinIsRefused() throws {
    #expect(throws: PostgresError.self) { try connection.copy("SELECT 1", rows: [[PostgresValue]]()) }
    #expect(throws: PostgresError.self) { try connection.copy("COPY items TO STDOUT", rows: [[PostgresValue]]()) }
    #expect(throws: PostgresError.self) { try connection.copy("COPY nowhere FROM STDIN", rows: [[PostgresValue]]()) }
    #expect(try connection.query("SELECT 1").int64(row: 0, column: 0) == 1)
  }
}
