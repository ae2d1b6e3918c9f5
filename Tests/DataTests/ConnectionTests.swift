import CSQLite
import Foundation
import RepositoryTesting
import SQLValues
import SQLiteCore
import TestSupport
import Testing

@testable import Persistence

@Suite("The SQLite connection wrapper")
struct ConnectionTests {
  let folder: TemporaryDirectory
  let connection: Connection

  init() throws {
    folder = try TemporaryDirectory()
    connection = try Connection(location: .file(folder.file("test.sqlite").path), readOnly: false)
  }

  private func scalar(_ sql: String) throws -> SQLValue {
    let statement = try connection.statement(sql)
    defer { statement.reset() }
    _ = try statement.step()
    return statement.value(at: 0)
  }

  @Test func aFileConnectionUsesWALForeignKeysAndABusyTimeout() throws {
    #expect(try scalar("PRAGMA journal_mode") == .text("wal"))
    #expect(try scalar("PRAGMA foreign_keys") == .integer(1))
    #expect(try scalar("PRAGMA busy_timeout") == .integer(5000))
  }

  @Test func anErrorCarriesTheCodeTheMessageAndTheSQL() throws {
    #expect(throws: SQLiteError(extendedCode: SQLITE_ERROR, message: #"near "SELEC": syntax error"#, sql: "SELEC 1")) {
      try connection.statement("SELEC 1")
    }
    try connection.execute("CREATE TABLE t (x INTEGER PRIMARY KEY)")
    try connection.execute("INSERT INTO t VALUES (1)")
    do {
      try connection.execute("INSERT INTO t VALUES (1)")
      Issue.record("a duplicate primary key was accepted")
    } catch {
      #expect(error.extendedCode == 1555)  // SQLITE_CONSTRAINT_PRIMARYKEY
      #expect(error.isConstraintViolation)
      #expect(error.message == "UNIQUE constraint failed: t.x")
      #expect(error.sql == "INSERT INTO t VALUES (1)")
    }
  }

  @Test func preparedStatementsAreCachedBySQL() throws {
    let first = try connection.statement("SELECT 1")
    let second = try connection.statement("SELECT 1")
    #expect(first === second)
  }

  @Test(arguments: [
    SQLValue.null, .integer(.min), .integer(.max), .real(-0.5), .real(.greatestFiniteMagnitude),
    .text(""), .text("a\u{0}b\u{0}"), .text("Amélie 千と千尋 🎬"), .blob(Data()), .blob(Data([0, 1, 255])),
  ])
  func boundValuesComeBackExactly(_ value: SQLValue) throws {
    let statement = try connection.statement("SELECT ?")
    defer { statement.reset() }
    try statement.bind(value, at: 1)
    _ = try statement.step()
    #expect(statement.value(at: 0) == value)
  }

  @Test func aWriteTransactionRollsBackWhenItsBodyThrows() throws {
    try connection.execute("CREATE TABLE t (x INTEGER)")
    struct Failure: Error {}
    #expect(throws: Failure.self) {
      try connection.writeTransaction {
        try connection.execute("INSERT INTO t VALUES (1)")
        throw Failure()
      }
    }
    #expect(try scalar("SELECT count(*) FROM t") == .integer(0))
  }

  @Test func moreThanOneStatementInOnePrepareIsRefused() {
    #expect(throws: SQLiteError.self) { try connection.statement("SELECT 1; SELECT 2") }
  }

  @Test func theStatementCacheKeepsAFixedNumberAndAHeldStatementStaysUsable() throws {
    let held = try connection.statement("SELECT 'held'")
    for number in 0..<(Connection.statementCacheCapacity * 4) {
      #expect(try scalar("SELECT \(number)") == .integer(Int64(number)))
      #expect(connection.cachedStatementCount <= Connection.statementCacheCapacity)
    }
    // The held statement was evicted long ago, but it is finalized only once it is let go.
    #expect(try held.step())
    #expect(held.value(at: 0) == .text("held"))
    held.reset()
    // A statement asked for again after eviction is prepared anew and works.
    #expect(try scalar("SELECT 'held'") == .text("held"))
  }

  @Test func anUpdateReportsItsComparisonsOnTheRowBeforeItChangesIt() throws {
    try connection.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b INTEGER)")
    try connection.execute("INSERT INTO t VALUES (1, 'same', 5)")
    let update = try connection.statement(
      "UPDATE t SET a = ?2, b = ?3 WHERE id = ?1 AND swift_report(a IS NOT ?2, b IS NOT ?3)")
    try update.bind([.integer(1), .text("same"), .integer(6)])
    try update.run()
    #expect(connection.changes == 1)
    #expect(connection.report == [false, true])
    #expect(try scalar("SELECT b FROM t") == .integer(6))
    // No row found: no report, once the previous one is cleared.
    connection.clearReport()
    try update.bind([.integer(2), .text("other"), .integer(7)])
    try update.run()
    #expect(connection.changes == 0)
    #expect(connection.report.isEmpty)
  }

  @Test func theCacheForgetsTheLeastRecentlyUsedValue() {
    var cache = BoundedCache<Int>(capacity: 2)
    cache.insert(1, for: "a")
    cache.insert(2, for: "b")
    #expect(cache.value(for: "a") == 1)
    #expect(cache.insert(3, for: "c") == 2)
    #expect(cache.value(for: "b") == nil)
    #expect(cache.insert(4, for: "a") == 1)
    #expect(cache.count == 2)
    #expect(Set(cache.values) == [3, 4])
  }
}
