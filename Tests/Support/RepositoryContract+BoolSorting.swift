import Foundation
public import Repositories
public import Testing

/// A fixture whose model has a `Bool` and an optional `Bool` attribute, for the checks of
/// sorting by them (``RepositoryContract/boolSortingCheckNames``).
public protocol BoolSortingFixture: RepositoryContractFixture {
  /// A stored `Bool` attribute whose values repeat among the models.
  var flag: any KeyPath<Model, Bool> & Sendable { get }
  /// A stored optional `Bool` attribute that is `nil`, `false` and `true` among the models.
  var optionalFlag: any KeyPath<Model, Bool?> & Sendable { get }
}

/// Checks of sorting by `Bool` attributes with the `SortDescriptor` initializers for them:
/// `false` before `true` and `nil` first in `.forward` order, ties in identifier order, beside
/// other sort keys, through keyset pages and `enumerate`.
///
/// They need a model with `Bool` attributes, so they run apart from ``checks``:
///
/// ```swift
/// @Test(arguments: RepositoryContract<BookFixture>.boolSortingCheckNames)
/// func sortingByBool(_ check: String) async throws {
///   try await RepositoryContract(BookFixture()).run(boolSortingCheck: check) {
///     InMemoryRepository<Book>(keys: BookFixture.keys)
///   }
/// }
/// ```
extension RepositoryContract where Fixture: BoolSortingFixture {
  /// Every check of sorting by `Bool` attributes.
  public static var boolSortingChecks: [Check] {
    [
      .init("a Bool sorts false before true, an optional one nil first; reversed, the other way") {
        try await $0.sortsByBool($1)
      },
      .init("Bool sort keys combine with other keys, the identifier breaking the last ties") {
        try await $0.sortsByBoolAmongKeys($1)
      },
      .init("keyset pages and enumerate in a Bool order visit every model once, in order") {
        try await $0.pagesByBool($1)
      },
    ]
  }

  /// The names of every check of sorting by `Bool`: the arguments of a parameterized test.
  public static var boolSortingCheckNames: [String] {
    boolSortingChecks.map(\.name)
  }

  /// Runs the check of sorting by `Bool` with a name against a fresh repository.
  ///
  /// - Throws: what the check throws; an unknown `name` or a repository that does not start
  ///   empty fails the test.
  public func run<R: Repository<Model>>(
    boolSortingCheck name: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    on make: () async throws -> R
  ) async throws {
    try await run(name, among: Self.boolSortingChecks, sourceLocation: sourceLocation, on: make)
  }

  /// One key of an expected order: a model's value as `nil`, 0 or 1 (or any integer), and
  /// whether the key sorts in reverse.
  private typealias Key = (value: (Model) -> Int?, reverse: Bool)

  private var flagKey: (Model) -> Int? { { $0[keyPath: fixture.flag] ? 1 : 0 } }
  private var optionalFlagKey: (Model) -> Int? { { $0[keyPath: fixture.optionalFlag].map { $0 ? 1 : 0 } } }

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
    let values = Set(models.map { optionalFlagKey($0) })
    try #require(values == [nil, 0, 1], "the models must hold nil, false and true")
    return models
  }

  private func sortsByBool(_ repository: any Repository<Model>) async throws {
    let models = try await storedModels(repository)
    for order in [SortOrder.forward, .reverse] {
      let reverse = order == .reverse
      #expect(
        try await repository.fetch(FetchDescriptor(sortBy: [SortDescriptor(fixture.flag, order: order)]))
          == ordered(models, by: [(flagKey, reverse)]), "\(order)")
      #expect(
        try await repository.fetch(FetchDescriptor(sortBy: [SortDescriptor(fixture.optionalFlag, order: order)]))
          == ordered(models, by: [(optionalFlagKey, reverse)]), "optional, \(order)")
    }
  }

  private func sortsByBoolAmongKeys(_ repository: any Repository<Model>) async throws {
    let models = try await storedModels(repository)
    let byAttribute = sortedByAttribute(models, reverse: true)
    // The attribute's rank in descending order: ascending rank is descending attribute.
    let rank: (Model) -> Int? = { model in byAttribute.firstIndex { value($0) == value(model) } }
    #expect(
      try await repository.fetch(
        FetchDescriptor(sortBy: [SortDescriptor(fixture.flag), SortDescriptor(fixture.attribute, order: .reverse)]))
        == ordered(models, by: [(flagKey, false), (rank, false)]))
    #expect(
      try await repository.fetch(
        FetchDescriptor(
          sortBy: [SortDescriptor(fixture.optionalFlag, order: .reverse), SortDescriptor(fixture.flag)]))
        == ordered(models, by: [(optionalFlagKey, true), (flagKey, false)]))
  }

  private func pagesByBool(_ repository: any Repository<Model>) async throws {
    let models = try await storedModels(repository)
    let orders: [([SortDescriptor<Model>], [Key])] = [
      ([SortDescriptor(fixture.flag)], [(flagKey, false)]),
      ([SortDescriptor(fixture.flag, order: .reverse)], [(flagKey, true)]),
      ([SortDescriptor(fixture.optionalFlag)], [(optionalFlagKey, false)]),
      (
        [SortDescriptor(fixture.optionalFlag, order: .reverse), SortDescriptor(fixture.flag, order: .reverse)],
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
