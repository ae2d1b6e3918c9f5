public import Foundation
import PostgresCore
import Repositories
import SQLValues

extension PostgresRepository {
  /// Deletes the models with these identifiers, in one transaction: all of them, or none.
  /// Relationships' delete rules run on the server.
  ///
  /// - Throws: `RepositoryError.notFound` naming the first identifier that is not stored;
  ///   `RepositoryError.constraintViolation` if a relationship denies a deletion. Nothing is
  ///   deleted then.
  public func delete(ids: [Model.ID]) async throws {
    guard !ids.isEmpty else { return }
    try await perform(transaction: true) { connection in try delete(ids: ids, on: connection) }
  }

  /// Deletes the models with these identifiers, which must all be stored: on failure, the
  /// caller's transaction (or savepoint) must be rolled back.
  func delete(ids: [Model.ID], on connection: PostgresConnection) throws {
    guard !ids.isEmpty else { return }
    let deleted = try definition.identifiers(
      Model.ID.self, in: try connection.query(statements.deleteByIDs, [try keyList(ids)]))
    let found = Set(deleted.map { String(describing: $0) })
    if let missing = ids.first(where: { !found.contains(String(describing: $0)) }) {
      throw RepositoryError.notFound(id: String(describing: missing))
    }
  }

  /// Deletes the models a predicate matches, in one transaction, and returns how many went.
  ///
  /// - Throws: `RepositoryError.unsupportedQuery` if the predicate cannot be run.
  public func delete(where predicate: Predicate<Model>) async throws -> Int {
    try await perform(transaction: true) { connection in try delete(where: predicate, on: connection) }
  }

  /// Deletes the models a predicate matches and returns how many went: by the server when the
  /// filter is exact; else the models it narrows to are checked with the predicate, and only
  /// those that match are deleted.
  func delete(where predicate: Predicate<Model>, on connection: PostgresConnection) throws -> Int {
    let descriptor = FetchDescriptor<Model>(predicate: predicate)
    let (statement, isExact): (SQLFragment, Bool)
    do {
      (statement, isExact) = try PostgresQuery.filtered(
        "DELETE FROM \(definition.table.quotedName)", by: descriptor, on: definition)
    } catch {
      throw RepositoryError(error, modelName: "\(Model.self)")
    }
    if isExact { return try connection.run(statement.sql, statement.bindings).changedRows }
    let doomed = try fetch(try query(descriptor, columns: definition.selectColumns), descriptor, on: connection)
    try delete(ids: doomed.map(\.id), on: connection)
    return doomed.count
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
