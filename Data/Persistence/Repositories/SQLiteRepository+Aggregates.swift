public import Foundation
import Repositories
import SQLValues
import SQLiteCore

/// Aggregates computed by SQL, so only the answer leaves the store.
extension SQLiteRepository {
  /// Returns how many models match a predicate, per value of an attribute, with one
  /// `GROUP BY` query.
  ///
  /// - Throws: `RepositoryError.unsupportedQuery` if the key path does not name a stored,
  ///   comparable attribute or the predicate cannot be translated.
  public func count<Value: Hashable & Sendable>(
    groupedBy keyPath: any KeyPath<Model, Value> & Sendable, where predicate: Predicate<Model>?
  ) async throws -> [Value: Int] {
    let column = try column(keyPath)
    let rows = try await aggregate(
      "\(SQLIdentifier.quote(column.name)), count(*)", of: column, groupBy: SQLIdentifier.quote(column.name), predicate)
    var counts: [Value: Int] = [:]
    for row in rows {
      guard case .integer(let count) = row[1] else { continue }
      counts[try decode(Value.self, row[0]), default: 0] += Int(count)
    }
    return counts
  }

  /// Returns the smallest value of an attribute among the models a predicate matches, with
  /// one `min(…)` query.
  public func minimum<Value: Comparable & Sendable>(
    of keyPath: any KeyPath<Model, Value> & Sendable, where predicate: Predicate<Model>?
  ) async throws -> Value? {
    try await extreme("min", keyPath, predicate)
  }

  /// Returns the largest value of an attribute among the models a predicate matches, with
  /// one `max(…)` query.
  public func maximum<Value: Comparable & Sendable>(
    of keyPath: any KeyPath<Model, Value> & Sendable, where predicate: Predicate<Model>?
  ) async throws -> Value? {
    try await extreme("max", keyPath, predicate)
  }

  /// Returns the mean of an integer attribute among the models a predicate matches, with one
  /// `avg(…)` query.
  public func average<Value: BinaryInteger & Sendable>(
    of keyPath: any KeyPath<Model, Value> & Sendable, where predicate: Predicate<Model>?
  ) async throws -> Double? {
    let column = try column(keyPath)
    let rows = try await aggregate("avg(\(SQLIdentifier.quote(column.name)))", of: column, groupBy: nil, predicate)
    guard case .real(let average) = rows.first?.first else { return nil }
    return average
  }

  // MARK: Helpers

  private func extreme<Value: Comparable & Sendable>(
    _ function: String, _ keyPath: any KeyPath<Model, Value> & Sendable, _ predicate: Predicate<Model>?
  ) async throws -> Value? {
    let column = try column(keyPath)
    let rows = try await aggregate(
      "\(function)(\(SQLIdentifier.quote(column.name)))", of: column, groupBy: nil, predicate)
    guard let value = rows.first?.first, value != .null else { return nil }
    return try decode(Value.self, value)
  }

  /// The column of a key path to a stored attribute that SQL can compare.
  private func column(_ keyPath: AnyKeyPath) throws(RepositoryError) -> Column {
    let name = KeyPathName.column(of: keyPath)
    guard let column = table.columns.first(where: { $0.name == name }), column.kind != .json else {
      throw .unsupportedQuery("\(Model.self).\(name) is not a stored attribute SQL can aggregate")
    }
    return column
  }

  /// Reads a stored value as the attribute's type.
  private func decode<Value>(_ type: Value.Type, _ value: SQLValue) throws(RepositoryError) -> Value {
    try ScalarDecoder.attribute(type, from: value, of: "\(Model.self)")
  }

  /// Runs `SELECT selection FROM table WHERE … [GROUP BY …]` and returns its rows.
  ///
  /// Values of `column` that no read could decode (``Column/unreadableCondition``, which only a
  /// program that rewrote the schema can store) are left out, so one damaged row does not fail
  /// the figures of all the others; ``unreadableModels()`` names such rows.
  private func aggregate(
    _ selection: String, of column: Column, groupBy: String?, _ predicate: Predicate<Model>?
  ) async throws
    -> [[SQLValue]]
  {
    do {
      var query = SQLFragment("SELECT \(selection) FROM \(table.quotedName) WHERE NOT (\(column.unreadableCondition))")
      if let predicate {
        let condition = try PredicateTranslator(table: table, modelName: "\(Model.self)", dialect: Store.dialect)
          .condition(predicate)
        query.sql += " AND (" + condition.sql + ")"
        query.bindings = condition.bindings
      }
      if let groupBy { query.sql += " GROUP BY \(groupBy)" }
      return try store.read { state in
        let statement = try state.connection.statement(query.sql)
        defer { statement.reset() }
        try statement.bind(query.bindings)
        var rows: [[SQLValue]] = []
        while try statement.step() {
          rows.append((0..<statement.columnCount).map { statement.value(at: $0) })
        }
        return rows
      }
    } catch {
      throw RepositoryError(error, modelName: "\(Model.self)")
    }
  }
}
