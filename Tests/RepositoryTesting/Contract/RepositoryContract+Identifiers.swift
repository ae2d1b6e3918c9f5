import Foundation
import Repositories
import Testing

/// Checks of `fetchIdentifiers`: the identifiers of what `fetch` returns, in the same order,
/// read without the models.
extension RepositoryContract {
  static var identifierChecks: [Check] {
    [
      .init("fetchIdentifiers returns the identifiers of what fetch returns, in its order") {
        try await $0.fetchesIdentifiers($1.repository)
      },
      .init("fetchIdentifiers of no match, or of an empty page, is empty") {
        try await $0.fetchesNoIdentifiers($1.repository)
      },
    ]
  }

  private func fetchesIdentifiers(_ repository: any Repository<Model>) async throws {
    let models = samples() + fixture.edgeCases
    try await repository.insert(models)
    let sorted = sortedByAttribute(models)
    let middle = value(sorted[sorted.count / 2])
    let atLeast = predicate(.greaterThanOrEqual, middle)
    let byAttribute = [SortDescriptor(fixture.attribute)]
    let reversed = [SortDescriptor(fixture.attribute, order: .reverse)]
    let expectations: [(FetchDescriptor<Model>, [Model])] = [
      (FetchDescriptor(sortBy: byAttribute), sorted),
      (FetchDescriptor(sortBy: reversed), sortedByAttribute(models, reverse: true)),
      (FetchDescriptor(predicate: atLeast, sortBy: byAttribute), sorted.filter { value($0) >= middle }),
      (FetchDescriptor(sortBy: byAttribute, fetchLimit: 4, fetchOffset: 3), Array(sorted[3..<7])),
      (FetchDescriptor(), models),
    ]
    for (descriptor, expected) in expectations {
      #expect(try await repository.fetchIdentifiers(descriptor) == expected.map(\.id))
      #expect(try await repository.fetchIdentifiers(descriptor) == repository.fetch(descriptor).map(\.id))
    }
  }

  private func fetchesNoIdentifiers(_ repository: any Repository<Model>) async throws {
    #expect(try await repository.fetchIdentifiers(FetchDescriptor()).isEmpty, "an empty store")
    let models = samples()
    try await repository.insert(models)
    let beyond = predicate(.greaterThan, models.map(value).max()!)
    #expect(try await repository.fetchIdentifiers(FetchDescriptor(predicate: beyond)).isEmpty)
    #expect(try await repository.fetchIdentifiers(FetchDescriptor(fetchLimit: 0)).isEmpty)
    #expect(try await repository.fetchIdentifiers(FetchDescriptor(fetchOffset: models.count)).isEmpty)
  }
}
