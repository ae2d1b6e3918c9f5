import Foundation
import Repositories
import Testing

/// Small steps the generic contract's checks share.
extension RepositoryContract {
  /// The model numbered `number`, the same in every run: its generator is seeded by the number.
  func model(_ number: Int) -> Model {
    var generator = SplitMix64(seed: 0x5EED_0000 &+ UInt64(number))
    return fixture.model(number, using: &generator)
  }

  /// The models numbered `0..<count`, in that order.
  func samples(_ count: Int = sampleCount) -> [Model] {
    (0..<count).map(model)
  }

  /// A model's value of the fixture's attribute.
  func value(_ model: Model) -> Fixture.Attribute {
    model[keyPath: fixture.attribute]
  }

  /// `models` sorted by the attribute, in either direction, ties in identifier order as in a
  /// store (in their order here if identifiers are not `Comparable`).
  func sortedByAttribute(_ models: [Model], reverse: Bool = false) -> [Model] {
    models.enumerated()
      .sorted { lhs, rhs in
        let (left, right) = (value(lhs.element), value(rhs.element))
        if left != right { return reverse ? left > right : left < right }
        let tie = IdentifierOrder.compare(lhs.element.id, rhs.element.id)
        return tie == .orderedSame ? lhs.offset < rhs.offset : tie == .orderedAscending
      }
      .map(\.element)
  }

  /// Expects a repository to hold exactly `expected`, in any order.
  func expectStored(
    _ expected: [Model],
    in repository: any Repository<Model>,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let stored = try await repository.fetchAll()
    #expect(stored.count == expected.count, sourceLocation: sourceLocation)
    #expect(Set(stored) == Set(expected), sourceLocation: sourceLocation)
  }

  /// Expects a fetched model to equal the expected one, and its description (every stored
  /// text included) to be the same byte for byte, or the same in Unicode's NFC.
  ///
  /// `String`'s `==` treats canonically equivalent text as equal; a store must give back the
  /// very UTF-8 it was given, or its NFC form (the SQL engines store text in NFC), never
  /// another equivalent.
  func expectIdentical(_ fetched: Model?, _ expected: Model, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(fetched == expected, sourceLocation: sourceLocation)
    let given = String(reflecting: expected)
    let allowed = [Array(given.utf8), Array(given.precomposedStringWithCanonicalMapping.utf8)]
    #expect(
      fetched.map { allowed.contains(Array(String(reflecting: $0).utf8)) } ?? false,
      "the text differs byte for byte from the one given and its NFC form", sourceLocation: sourceLocation)
  }

  /// Returns the models a predicate matches, sorted by the attribute.
  func fetch(_ repository: any Repository<Model>, where predicate: Predicate<Model>) async throws -> [Model] {
    try await repository.fetch(FetchDescriptor(predicate: predicate, sortBy: [SortDescriptor(fixture.attribute)]))
  }
}
