public import Foundation

/// Summaries of a repository's models: counts, extremes and averages of one attribute.
///
/// Every repository gets these, computed from its fetched models; a store that can do better
/// (the SQLite repository asks SQL) provides its own.
extension Repository {
  /// Returns how many models there are per value of an attribute.
  public func count<Value: Hashable & Sendable>(
    groupedBy keyPath: any KeyPath<Model, Value> & Sendable
  ) async throws -> [Value: Int] {
    try await count(groupedBy: keyPath, where: nil)
  }

  /// Returns the smallest value of an attribute, or `nil` when there are no models.
  public func minimum<Value: Comparable & Sendable>(
    of keyPath: any KeyPath<Model, Value> & Sendable
  ) async throws -> Value? {
    try await minimum(of: keyPath, where: nil)
  }

  /// Returns the largest value of an attribute, or `nil` when there are no models.
  public func maximum<Value: Comparable & Sendable>(
    of keyPath: any KeyPath<Model, Value> & Sendable
  ) async throws -> Value? {
    try await maximum(of: keyPath, where: nil)
  }

  /// Returns the mean of an integer attribute, or `nil` when there are no models.
  public func average<Value: BinaryInteger & Sendable>(
    of keyPath: any KeyPath<Model, Value> & Sendable
  ) async throws -> Double? {
    try await average(of: keyPath, where: nil)
  }

  /// Returns how many models match a predicate (all of them when `nil`), per value of an
  /// attribute.
  public func count<Value: Hashable & Sendable>(
    groupedBy keyPath: any KeyPath<Model, Value> & Sendable,
    where predicate: Predicate<Model>?
  ) async throws -> [Value: Int] {
    try await fetch(FetchDescriptor(predicate: predicate)).reduce(into: [:]) { counts, model in
      counts[model[keyPath: keyPath], default: 0] += 1
    }
  }

  /// Returns the smallest value of an attribute among the models a predicate matches, or `nil`
  /// when none does.
  public func minimum<Value: Comparable & Sendable>(
    of keyPath: any KeyPath<Model, Value> & Sendable,
    where predicate: Predicate<Model>?
  ) async throws -> Value? {
    try await fetch(FetchDescriptor(predicate: predicate)).map { $0[keyPath: keyPath] }.min()
  }

  /// Returns the largest value of an attribute among the models a predicate matches, or `nil`
  /// when none does.
  public func maximum<Value: Comparable & Sendable>(
    of keyPath: any KeyPath<Model, Value> & Sendable,
    where predicate: Predicate<Model>?
  ) async throws -> Value? {
    try await fetch(FetchDescriptor(predicate: predicate)).map { $0[keyPath: keyPath] }.max()
  }

  /// Returns the mean of an integer attribute among the models a predicate matches, or `nil`
  /// when none does.
  public func average<Value: BinaryInteger & Sendable>(
    of keyPath: any KeyPath<Model, Value> & Sendable,
    where predicate: Predicate<Model>?
  ) async throws -> Double? {
    let values = try await fetch(FetchDescriptor(predicate: predicate)).map { Double($0[keyPath: keyPath]) }
    return values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
  }
}
