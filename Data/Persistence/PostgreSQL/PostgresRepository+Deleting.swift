public import Foundation
import PostgresCore
import Repositories
import SQLiteCore

extension PostgresRepository {
  /// Deletes the models with these identifiers, in one transaction: all of them, or none.
  /// Relationships' delete rules run on the server.
  ///
  /// - Throws: `RepositoryError.notFound` naming the first identifier that is not stored;
  ///   `RepositoryError.constraintViolation` if a relationship denies a deletion. Nothing is
  ///   deleted then.
  public func delete(ids: [Model.ID]) async throws {
    guard !ids.isEmpty else { return }
    let keys = try keyList(ids)
    try await perform(transaction: true) { connection in
      let deleted = try definition.identifiers(Model.ID.self, in: try connection.query(statements.deleteByIDs, [keys]))
      let found = Set(deleted.map { String(describing: $0) })
      // Thrown inside the transaction, so it is rolled back: nothing is deleted.
      if let missing = ids.first(where: { !found.contains(String(describing: $0)) }) {
        throw RepositoryError.notFound(id: String(describing: missing))
      }
    }
  }

  /// Deletes the models a predicate matches, in one transaction, and returns how many went.
  ///
  /// - Throws: `RepositoryError.unsupportedQuery` if the predicate cannot be run.
  public func delete(where predicate: Predicate<Model>) async throws -> Int {
    let descriptor = FetchDescriptor<Model>(predicate: predicate)
    let (statement, isExact): (SQLFragment, Bool)
    do {
      (statement, isExact) = try PostgresQuery.filtered(
        "DELETE FROM \(definition.table.quotedName)", by: descriptor, on: definition)
    } catch {
      throw RepositoryError(error, modelName: "\(Model.self)")
    }
    if isExact {
      return try await perform(transaction: true) { connection in
        try connection.run(statement.sql, statement.bindings).changedRows
      }
    }
    // The SQL only narrows: the models it finds are checked with the predicate, and only those
    // that match are deleted.
    let doomed = try await fetch(descriptor).map(\.id)
    guard !doomed.isEmpty else { return 0 }
    let keys = try keyList(doomed)
    return try await perform(transaction: true) { connection in
      try connection.query(statements.deleteByIDs, [keys]).count
    }
  }

  /// Deletes every model of the type and returns how many there were.
  ///
  /// - Throws: `RepositoryError.constraintViolation` if a relationship denies a deletion.
  @discardableResult
  public func deleteAll() async throws -> Int {
    let table = definition.table
    return try await perform(transaction: true) { connection in
      try connection.query("DELETE FROM \(table.quotedName)").changedRows
    }
  }
}
