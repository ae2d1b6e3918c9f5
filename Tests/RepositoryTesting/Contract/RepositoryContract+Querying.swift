import Foundation
import Repositories
import Testing

/// Checks of predicates, sorting, paging, counts and aggregates on the fixture's attribute,
/// over the samples inserted in number order; the expected results are computed in Swift.
extension RepositoryContract {
  static var queryingChecks: [Check] {
    [
      .init("a predicate on the attribute compares with ==, !=, < and >=") { try await $0.compares($1.repository) },
      .init("predicates combine &&, || and ! in Swift's precedence") { try await $0.combines($1.repository) },
      .init("a constant predicate keeps every model or none") { try await $0.keepsAllOrNone($1.repository) },
      .init("sorting by the attribute orders both ways, ties in identifier order, unsorted as inserted") {
        try await $0.sorts($1.repository)
      },
      .init("a limit and an offset page the filtered, sorted models, each once") {
        try await $0.pages($1.repository)
      },
      .init("enumerate visits the models a fetch returns, in its order") { try await $0.enumerates($1.repository) },
      .init("fetchCount counts what fetch returns") { try await $0.counts($1.repository) },
      .init("delete(where:) removes the models it matches and returns how many") {
        try await $0.deletesWhere($1.repository)
      },
      .init("grouped counts, minimum and maximum match the stored models") { try await $0.aggregates($1.repository) },
      .init("aggregates of no models are empty or nil") { try await $0.aggregatesNothing($1.repository) },
    ]
  }

  /// The samples' distinct attribute values, ascending; at least three, or the check fails.
  private func pivots(
    _ models: [Model]
  ) throws -> (low: Fixture.Attribute, middle: Fixture.Attribute, high: Fixture.Attribute) {
    let values = Set(models.map(value)).sorted()
    try #require(values.count >= 3, "the fixture's samples need three distinct values of the attribute")
    return (values[values.count / 4], values[values.count / 2], values[values.count * 3 / 4])
  }

  private func compares(_ repository: any Repository<Model>) async throws {
    let models = samples()
    try await repository.insert(models)
    let middle = try pivots(models).middle
    let sorted = sortedByAttribute(models)
    #expect(try await fetch(repository, where: predicate(equal: true, middle)) == sorted.filter { value($0) == middle })
    #expect(
      try await fetch(repository, where: predicate(equal: false, middle)) == sorted.filter { value($0) != middle })
    #expect(try await fetch(repository, where: predicate(.lessThan, middle)) == sorted.filter { value($0) < middle })
    #expect(
      try await fetch(repository, where: predicate(.greaterThanOrEqual, middle))
        == sorted.filter { value($0) >= middle })
    #expect(try await fetch(repository, where: predicate(.greaterThan, sorted.map(value).max()!)) == [])
  }

  private func combines(_ repository: any Repository<Model>) async throws {
    let models = samples()
    try await repository.insert(models)
    let (low, middle, high) = try pivots(models)
    let expected = sortedByAttribute(models).filter { value($0) >= low && value($0) != middle || !(value($0) < high) }
    #expect(try await fetch(repository, where: combinedPredicate(low, middle, high)) == expected)
  }

  private func keepsAllOrNone(_ repository: any Repository<Model>) async throws {
    let models = samples()
    try await repository.insert(models)
    #expect(try await fetch(repository, where: #Predicate { _ in true }) == sortedByAttribute(models))
    #expect(try await fetch(repository, where: #Predicate { _ in false }) == [])
    #expect(try await repository.fetchCount(FetchDescriptor(predicate: #Predicate { _ in false })) == 0)
  }

  private func sorts(_ repository: any Repository<Model>) async throws {
    // Inserted in reverse, so that ties in identifier order are not ties in insertion order.
    let models = Array(samples().reversed())
    try await repository.insert(models)
    #expect(try await repository.fetch(FetchDescriptor()) == models, "unsorted: as inserted")
    // Built with `order:`: on Linux, a `SortDescriptor` whose `order` is set afterwards
    // still compares in its original order.
    let ascending = FetchDescriptor<Model>(sortBy: [SortDescriptor(fixture.attribute)])
    let descending = FetchDescriptor<Model>(sortBy: [SortDescriptor(fixture.attribute, order: .reverse)])
    #expect(try await repository.fetch(ascending) == sortedByAttribute(models))
    #expect(try await repository.fetch(descending) == sortedByAttribute(models, reverse: true))
  }

  private func pages(_ repository: any Repository<Model>) async throws {
    let models = samples()
    try await repository.insert(models)
    let sorted = sortedByAttribute(models, reverse: true)
    let order = [SortDescriptor(fixture.attribute, order: .reverse)]
    var pages: [[Model]] = []
    for offset in stride(from: 0, through: models.count, by: 5) {
      pages.append(try await repository.fetch(FetchDescriptor(sortBy: order, fetchLimit: 5, fetchOffset: offset)))
    }
    #expect(pages.flatMap { $0 } == sorted)
    #expect(pages.map(\.count) == stride(from: 0, through: models.count, by: 5).map { min(5, models.count - $0) })
    #expect(try await repository.fetch(FetchDescriptor(sortBy: order, fetchLimit: 0)) == [])
    #expect(try await repository.fetch(FetchDescriptor(sortBy: order, fetchOffset: models.count + 3)) == [])
    // Paging applies after filtering and sorting.
    let middle = try pivots(models).middle
    let matching = sorted.filter { value($0) >= middle }
    let page = FetchDescriptor(
      predicate: predicate(.greaterThanOrEqual, middle), sortBy: order, fetchLimit: 2, fetchOffset: 1)
    #expect(try await repository.fetch(page) == Array(matching.dropFirst().prefix(2)))
  }

  private func enumerates(_ repository: any Repository<Model>) async throws {
    let models = samples()
    try await repository.insert(models)
    for descriptor in [
      FetchDescriptor<Model>(sortBy: [SortDescriptor(fixture.attribute, order: .reverse)]),
      FetchDescriptor<Model>(predicate: predicate(.greaterThanOrEqual, try pivots(models).middle)),
    ] {
      var visited: [Model] = []
      try await repository.enumerate(descriptor) { visited.append($0) }
      #expect(visited == (try await repository.fetch(descriptor)))
      #expect(visited.count == (try await repository.fetchCount(descriptor)))
    }
  }

  private func counts(_ repository: any Repository<Model>) async throws {
    let models = samples()
    try await repository.insert(models)
    let atLeast = predicate(.greaterThanOrEqual, try pivots(models).middle)
    let matching = models.filter { value($0) >= (try? pivots(models).middle)! }.count
    let descriptors: [(FetchDescriptor<Model>, Int)] = [
      (FetchDescriptor(), models.count),
      (FetchDescriptor(predicate: atLeast), matching),
      (FetchDescriptor(predicate: atLeast, fetchLimit: 2), min(2, matching)),
      (FetchDescriptor(predicate: atLeast, fetchOffset: 1), matching - 1),
      (FetchDescriptor(fetchLimit: 0), 0),
      (FetchDescriptor(fetchOffset: models.count), 0),
    ]
    for (descriptor, count) in descriptors {
      #expect(try await repository.fetchCount(descriptor) == count)
      #expect(try await repository.fetch(descriptor).count == count)
    }
  }

  private func deletesWhere(_ repository: any Repository<Model>) async throws {
    let models = samples()
    try await repository.insert(models)
    let middle = try pivots(models).middle
    let deleted = try await repository.delete(where: predicate(.lessThan, middle))
    let kept = models.filter { value($0) >= middle }
    #expect(deleted == models.count - kept.count)
    try await expectStored(kept, in: repository)
    #expect(try await repository.delete(where: predicate(.lessThan, middle)) == 0)
    try await expectStored(kept, in: repository)
  }

  private func aggregates(_ repository: any Repository<Model>) async throws {
    let models = samples()
    try await repository.insert(models)
    let middle = try pivots(models).middle
    let attribute = fixture.attribute
    let expected = Dictionary(grouping: models, by: value).mapValues(\.count)
    #expect(try await repository.count(groupedBy: attribute) == expected)
    let upper = Dictionary(grouping: models.filter { value($0) >= middle }, by: value).mapValues(\.count)
    #expect(try await repository.count(groupedBy: attribute, where: predicate(.greaterThanOrEqual, middle)) == upper)
    #expect(try await repository.minimum(of: attribute) == models.map(value).min())
    #expect(try await repository.maximum(of: attribute) == models.map(value).max())
    let below = models.map(value).filter { $0 < middle }.max()
    #expect(try await repository.maximum(of: attribute, where: predicate(.lessThan, middle)) == below)
  }

  private func aggregatesNothing(_ repository: any Repository<Model>) async throws {
    #expect(try await repository.count(groupedBy: fixture.attribute) == [:])
    #expect(try await repository.minimum(of: fixture.attribute) == nil)
    #expect(try await repository.maximum(of: fixture.attribute) == nil)
  }
}
