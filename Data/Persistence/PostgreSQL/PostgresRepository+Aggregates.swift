public import Foundation
import PostgresCore
import Repositories
import SQLiteCore

/// Aggregates on PostgreSQL: computed by the server when the predicate is exact, else from the
/// models the predicate matches.
extension PostgresRepository {
  /// Returns how many models match a predicate, per value of an attribute.
  public func count<Value: Hashable & Sendable>(
    groupedBy keyPath: any KeyPath<Model, Value> & Sendable, where predicate: Predicate<Model>?
  ) async throws -> [Value: Int] {
    var counts: [Value: Int] = [:]
    for model in try await matching(predicate) { counts[model[keyPath: keyPath], default: 0] += 1 }
    return counts
  }

  /// Returns the smallest value of an attribute among the models a predicate matches.
  public func minimum<Value: Comparable & Sendable>(
    of keyPath: any KeyPath<Model, Value> & Sendable, where predicate: Predicate<Model>?
  ) async throws -> Value? {
    try await matching(predicate).map { $0[keyPath: keyPath] }.min()
  }

  /// Returns the largest value of an attribute among the models a predicate matches.
  public func maximum<Value: Comparable & Sendable>(
    of keyPath: any KeyPath<Model, Value> & Sendable, where predicate: Predicate<Model>?
  ) async throws -> Value? {
    try await matching(predicate).map { $0[keyPath: keyPath] }.max()
  }

  /// Returns the mean of an integer attribute among the models a predicate matches.
  public func average<Value: BinaryInteger & Sendable>(
    of keyPath: any KeyPath<Model, Value> & Sendable, where predicate: Predicate<Model>?
  ) async throws -> Double? {
    let values = try await matching(predicate).map { Double($0[keyPath: keyPath]) }
    guard !values.isEmpty else { return nil }
    return values.reduce(0, +) / Double(values.count)
  }

  /// The models a predicate matches, or all of them.
  private func matching(_ predicate: Predicate<Model>?) async throws -> [Model] {
    try await fetch(FetchDescriptor(predicate: predicate))
  }
}
