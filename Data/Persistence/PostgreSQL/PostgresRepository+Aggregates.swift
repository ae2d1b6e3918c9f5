public import Foundation
import PostgresCore
import Repositories
import SQLValues

/// Aggregates on PostgreSQL: computed by the server (`GROUP BY`, `min`, `max`, `avg`) when the
/// predicate's SQL is exact and the attribute is a number, a date or text; else from the models
/// the predicate matches, compared as Swift compares them.
extension PostgresRepository {
  /// Returns how many models match a predicate, per value of an attribute.
  public func count<Value: Hashable & Sendable>(
    groupedBy keyPath: any KeyPath<Model, Value> & Sendable, where predicate: Predicate<Model>?
  ) async throws -> [Value: Int] {
    if let column = try serverColumn(keyPath), let rows = try await aggregate("\(column), count(*)", column, predicate)
    {
      var counts: [Value: Int] = [:]
      for row in rows {
        guard case .integer(let count) = row[1] else { continue }
        counts[try decode(Value.self, row[0]), default: 0] += Int(count)
      }
      return counts
    }
    var counts: [Value: Int] = [:]
    for model in try await matching(predicate) { counts[model[keyPath: keyPath], default: 0] += 1 }
    return counts
  }

  /// Returns the smallest value of an attribute among the models a predicate matches.
  public func minimum<Value: Comparable & Sendable>(
    of keyPath: any KeyPath<Model, Value> & Sendable, where predicate: Predicate<Model>?
  ) async throws -> Value? {
    if let column = try serverColumn(keyPath), let rows = try await aggregate("min(\(column))", column, predicate) {
      return try rows.first.flatMap { $0[0] == .null ? nil : try decode(Value.self, $0[0]) }
    }
    return try await matching(predicate).map { $0[keyPath: keyPath] }.min()
  }

  /// Returns the largest value of an attribute among the models a predicate matches.
  public func maximum<Value: Comparable & Sendable>(
    of keyPath: any KeyPath<Model, Value> & Sendable, where predicate: Predicate<Model>?
  ) async throws -> Value? {
    if let column = try serverColumn(keyPath), let rows = try await aggregate("max(\(column))", column, predicate) {
      return try rows.first.flatMap { $0[0] == .null ? nil : try decode(Value.self, $0[0]) }
    }
    return try await matching(predicate).map { $0[keyPath: keyPath] }.max()
  }

  /// Returns the mean of an integer attribute among the models a predicate matches.
  public func average<Value: BinaryInteger & Sendable>(
    of keyPath: any KeyPath<Model, Value> & Sendable, where predicate: Predicate<Model>?
  ) async throws -> Double? {
    if let column = try serverColumn(keyPath),
      let rows = try await aggregate("avg(\(column))::float8", column, predicate)
    {
      guard case .real(let average) = rows.first?.first else { return nil }
      return average
    }
    let values = try await matching(predicate).map { Double($0[keyPath: keyPath]) }
    guard !values.isEmpty else { return nil }
    return values.reduce(0, +) / Double(values.count)
  }

  // MARK: Helpers

  /// The quoted column of a key path when the server compares its values as Swift does (a
  /// number, a date, text), else `nil`.
  ///
  /// - Throws: `RepositoryError.unsupportedQuery` for a key path to no stored attribute.
  private func serverColumn(_ keyPath: AnyKeyPath) throws(RepositoryError) -> String? {
    let name = KeyPathName.column(of: keyPath)
    guard let column = definition.table.columns.first(where: { $0.name == name }) else {
      throw .unsupportedQuery("\(Model.self).\(name) is not a stored attribute to aggregate")
    }
    return [.integer, .real, .date, .text, .url].contains(column.kind) ? SQLIdentifier.quote(name) : nil
  }

  /// The rows of `SELECT selection … [GROUP BY column]` over the models a predicate matches,
  /// or `nil` when the predicate's SQL only narrows (the caller then checks each model).
  private func aggregate(
    _ selection: String, _ column: String, _ predicate: Predicate<Model>?
  ) async throws -> [[SQLValue]]? {
    let (query, isExact): (SQLFragment, Bool)
    do {
      (query, isExact) = try PostgresQuery.filtered(
        "SELECT \(selection) FROM \(definition.table.quotedName)", by: FetchDescriptor(predicate: predicate),
        on: definition)
    } catch {
      throw RepositoryError(error, modelName: "\(Model.self)")
    }
    guard isExact else { return nil }
    let grouped = selection.hasPrefix(column + ",") ? query.sql + " GROUP BY \(column)" : query.sql
    return try await perform { connection in
      try definition.values(in: try connection.run(grouped, query.bindings))
    }
  }

  /// A value the server returned, as the attribute's type.
  private func decode<Value>(_ type: Value.Type, _ value: SQLValue) throws(RepositoryError) -> Value {
    try ScalarDecoder.attribute(type, from: value, of: "\(Model.self)")
  }

  /// The models a predicate matches, or all of them.
  private func matching(_ predicate: Predicate<Model>?) async throws -> [Model] {
    try await fetch(FetchDescriptor(predicate: predicate))
  }
}
