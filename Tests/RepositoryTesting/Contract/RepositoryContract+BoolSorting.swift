import Foundation
import Repositories
import Testing

/// Checks of sorting by `Bool` attributes with the `SortDescriptor` initializers for them:
/// `false` before `true` and `nil` first in `.forward` order, ties in identifier order, beside
/// other sort keys, through keyset pages and `enumerate`. They run for a fixture that names
/// ``RepositoryContractFixture/boolAttributes``.
extension RepositoryContract {
  static var boolSortingChecks: [Check] {
    [
      .init("a Bool sorts false before true, an optional one nil first; reversed, the other way") {
        try await $0.sortsByBool($1.repository)
      },
      .init("Bool sort keys combine with other keys, the identifier breaking the last ties") {
        try await $0.sortsByBoolAmongKeys($1.repository)
      },
      .init("keyset pages and enumerate in a Bool order visit every model once, in order") {
        try await $0.pagesByBool($1.repository)
      },
    ]
  }

  /// One key of an expected order: a model's value as `nil`, 0 or 1 (or any integer), and
  /// whether the key sorts in reverse.
  private typealias Key = (value: (Model) -> Int?, reverse: Bool)

  /// The fixture's `Bool` attributes; the checks run only for a fixture that names them.
  private var flags: BoolAttributes<Model> {
    get throws { try #require(fixture.boolAttributes, "the fixture names no Bool attributes") }
  }

  private func flagKey(_ flags: BoolAttributes<Model>) -> (Model) -> Int? { { $0[keyPath: flags.flag] ? 1 : 0 } }
  private func optionalFlagKey(_ flags: BoolAttributes<Model>) -> (Model) -> Int? {
    { $0[keyPath: flags.optionalFlag].map { $0 ? 1 : 0 } }
  }

  /// `models` in the order of `keys` and then of identifiers, worked out apart from any
  /// `SortDescriptor`: `nil` is below every integer.
  private func ordered(_ models: [Model], by keys: [Key]) -> [Model] {
    models.sorted { lhs, rhs in
      for key in keys {
        let (left, right) = (key.value(lhs), key.value(rhs))
        guard left != right else { continue }
        let ascending =
          switch (left, right) {
          case (nil, _): true
          case (_, nil): false
          case let (left?, right?): left < right
          }
        return ascending != key.reverse
      }
      return IdentifierOrder.compare(lhs.id, rhs.id) == .orderedAscending
    }
  }

  /// The stored samples and the edge cases.
  private func storedModels(_ repository: any Repository<Model>) async throws -> [Model] {
    let models = samples() + fixture.edgeCases
    try await repository.insert(models)
    let values = Set(models.map(optionalFlagKey(try flags)))
    try #require(values == [nil, 0, 1], "the models must hold nil, false and true")
    return models
  }

  private func sortsByBool(_ repository: any Repository<Model>) async throws {
    let models = try await storedModels(repository)
    let flags = try self.flags
    let (flagKey, optionalFlagKey) = (self.flagKey(flags), self.optionalFlagKey(flags))
    for order in [SortOrder.forward, .reverse] {
      let reverse = order == .reverse
      #expect(
        try await repository.fetch(FetchDescriptor(sortBy: [SortDescriptor(flags.flag, order: order)]))
          == ordered(models, by: [(flagKey, reverse)]), "\(order)")
      #expect(
        try await repository.fetch(FetchDescriptor(sortBy: [SortDescriptor(flags.optionalFlag, order: order)]))
          == ordered(models, by: [(optionalFlagKey, reverse)]), "optional, \(order)")
    }
  }

  private func sortsByBoolAmongKeys(_ repository: any Repository<Model>) async throws {
    let models = try await storedModels(repository)
    let flags = try self.flags
    let (flagKey, optionalFlagKey) = (self.flagKey(flags), self.optionalFlagKey(flags))
    let byAttribute = sortedByAttribute(models, reverse: true)
    // The attribute's rank in descending order: ascending rank is descending attribute.
    let rank: (Model) -> Int? = { model in byAttribute.firstIndex { value($0) == value(model) } }
    #expect(
      try await repository.fetch(
        FetchDescriptor(sortBy: [SortDescriptor(flags.flag), SortDescriptor(fixture.attribute, order: .reverse)]))
        == ordered(models, by: [(flagKey, false), (rank, false)]))
    #expect(
      try await repository.fetch(
        FetchDescriptor(
          sortBy: [SortDescriptor(flags.optionalFlag, order: .reverse), SortDescriptor(flags.flag)]))
        == ordered(models, by: [(optionalFlagKey, true), (flagKey, false)]))
  }

  private func pagesByBool(_ repository: any Repository<Model>) async throws {
    let models = try await storedModels(repository)
    let flags = try self.flags
    let (flagKey, optionalFlagKey) = (self.flagKey(flags), self.optionalFlagKey(flags))
    let orders: [([SortDescriptor<Model>], [Key])] = [
      ([SortDescriptor(flags.flag)], [(flagKey, false)]),
      ([SortDescriptor(flags.flag, order: .reverse)], [(flagKey, true)]),
      ([SortDescriptor(flags.optionalFlag)], [(optionalFlagKey, false)]),
      (
        [SortDescriptor(flags.optionalFlag, order: .reverse), SortDescriptor(flags.flag, order: .reverse)],
        [(optionalFlagKey, true), (flagKey, true)]
      ),
    ]
    for (sortBy, keys) in orders {
      let descriptor = FetchDescriptor<Model>(sortBy: sortBy)
      let expected = ordered(models, by: keys)
      for size in [1, 2, 5] {
        #expect(
          try await repository.walkPages(descriptor, size: size) == expected, "\(keys.count) keys, pages of \(size)")
      }
      var enumerated: [Model] = []
      try await repository.enumerate(descriptor) { enumerated.append($0) }
      #expect(enumerated == expected, "enumerate, \(keys.count) keys")
    }
  }
}
