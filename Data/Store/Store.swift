import Foundation
import Synchronization

/// One open store: the connection of a configuration and the tables it holds.
///
/// Access to the connection is serialized by a lock, so a store is safe to share across
/// tasks; every operation runs to completion before the lock is released.
final class Store: Sendable {
  let configuration: ModelConfiguration
  let tables: [ObjectIdentifier: TableSchema]
  private let state: Mutex<StoreState>

  /// Opens (and, if allowed, creates) the store of a configuration with these tables.
  ///
  /// - Throws: ``PersistenceError/cannotOpen(path:reason:)`` if the file cannot be opened, is
  ///   not a database, or holds tables that do not match the models; the file is not changed.
  init(configuration: ModelConfiguration, tables: [ObjectIdentifier: TableSchema]) throws(PersistenceError) {
    self.configuration = configuration
    self.tables = tables
    let path = configuration.path
    let connection: Connection
    do {
      switch configuration.location {
      case .inMemory:
        connection = try Connection(location: .memory, readOnly: false)
      case .file(let url):
        if !configuration.allowsSave, !FileManager.default.fileExists(atPath: url.path) {
          throw PersistenceError.cannotOpen(path: path, reason: "no store exists there")
        }
        if configuration.allowsSave {
          try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        }
        connection = try Connection(location: .file(url.path), readOnly: !configuration.allowsSave)
      }
      try Self.prepareTables(Array(tables.values), on: connection, create: configuration.allowsSave)
    } catch let error as PersistenceError {
      throw error
    } catch let error as SQLiteError {
      throw .cannotOpen(path: path, reason: error.message)
    } catch {
      throw .cannotOpen(path: path, reason: "\(error.localizedDescription)")
    }
    state = Mutex(StoreState(connection: connection))
  }

  /// Runs `body` with exclusive use of the connection.
  func withState<T: Sendable>(_ body: (StoreState) throws -> T) throws -> T {
    try state.withLock { state in try body(state) }
  }

  /// Runs `body` in one write transaction: all of its changes commit, or none.
  func write<T: Sendable>(_ body: (StoreState) throws -> T) throws -> T {
    guard configuration.allowsSave else {
      throw PersistenceError.cannotOpen(path: configuration.path, reason: "the store is read-only")
    }
    return try withState { state in try state.connection.writeTransaction { try body(state) } }
  }

  /// Creates missing tables and indexes, and checks that existing tables have every column.
  private static func prepareTables(
    _ tables: [TableSchema], on connection: Connection, create: Bool
  ) throws {
    let work = {
      for table in tables {
        let existing = try existingColumns(of: table, on: connection)
        if existing.isEmpty {
          guard create else {
            throw PersistenceError.invalidSchema(
              "the read-only store has no table \(table.quotedName)")
          }
          for statement in table.createStatements { try connection.execute(statement) }
          continue
        }
        let missing = table.columns.map(\.name).filter { !existing.contains($0) }
        guard missing.isEmpty else {
          throw PersistenceError.invalidSchema(
            "the store's table \(table.quotedName) lacks the columns \(missing.joined(separator: ", ")); it needs a migration"
          )
        }
        if create { for statement in table.createStatements.dropFirst() { try connection.execute(statement) } }
      }
    }
    if create { try connection.writeTransaction(work) } else { try work() }
  }

  private static func existingColumns(of table: TableSchema, on connection: Connection) throws -> Set<String> {
    let statement = try connection.statement("SELECT name FROM pragma_table_info(?)")
    defer { statement.reset() }
    try statement.bind(.text(table.name), at: 1)
    var names = Set<String>()
    while try statement.step() { names.insert(statement.text(at: 0)) }
    return names
  }
}
