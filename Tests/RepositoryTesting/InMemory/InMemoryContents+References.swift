import Foundation
import Repositories

/// A table whose models can be read without knowing their type: the referrers of a
/// reference filter.
protocol InMemoryModels {
  /// The stored models, in insertion order.
  var anyModels: [Any] { get }
}

extension InMemoryTable: InMemoryModels {
  var anyModels: [Any] { modelsInInsertionOrder }
}

extension InMemoryContents {
  /// Reads a model type's table with the tests of a descriptor's reference filters
  /// (`FetchDescriptor/keepReferenced(by:to:where:)`), made from the referrers these
  /// contents hold, as SQL's `key IN (SELECT reference …)` does: a `nil` key or reference
  /// matches nothing.
  ///
  /// - Throws: `RepositoryError/unsupportedQuery(_:)` if a referrers' predicate cannot be
  ///   evaluated; what `body` throws.
  mutating func read<Model: Identifiable & Sendable, Result>(
    _ descriptor: FetchDescriptor<Model>, _ body: (InMemoryTable<Model>, [(Model) -> Bool]) throws -> Result
  ) throws -> Result where Model.ID: Sendable {
    var tests: [(Model) -> Bool] = []
    for filter in descriptor.referenceFilters { tests.append(try test(of: filter)) }
    return try access(Model.self, writing: false) { try body($0, tests) }
  }

  private func test<Filter: ReferenceFilter>(of filter: Filter) throws -> (Filter.Model) -> Bool {
    let referrers = (tables[ObjectIdentifier(Filter.Referrer.self)] as? any InMemoryModels)?.anyModels ?? []
    var values = Set<Filter.Value>()
    for case let referrer as Filter.Referrer in referrers {
      do {
        guard try filter.predicate?.evaluate(referrer) ?? true else { continue }
      } catch {
        throw RepositoryError.unsupportedQuery(
          "the predicate on \(Filter.Referrer.self) could not be evaluated: \(error)")
      }
      let value = referrer[keyPath: filter.reference]
      if !Self.isNil(value) { values.insert(value) }
    }
    let key = filter.key
    return { values.contains($0[keyPath: key]) }
  }

  /// Whether a value is an optional holding nothing.
  private static func isNil(_ value: Any) -> Bool {
    let mirror = Mirror(reflecting: value)
    return mirror.displayStyle == .optional && mirror.children.isEmpty
  }
}
