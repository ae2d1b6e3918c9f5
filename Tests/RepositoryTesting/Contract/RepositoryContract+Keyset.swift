import Foundation
import Repositories
import Testing

/// Checks of keyset paging (`FetchDescriptor.after`) on the fixture's attribute, whose values
/// tie among the samples.
extension RepositoryContract {
  static var keysetChecks: [Check] {
    [
      .init("pages after the last model visit every model once, in the order of one fetch") {
        try await $0.walksEveryModelOnce($1.repository)
      },
      .init("a page after a model keeps only the models the predicate matches") {
        try await $0.walksMatchingModels($1.repository)
      },
      .init("an offset with a position skips models after the position; fetchCount counts after it") {
        try await $0.skipsAfterThePosition($1.repository)
      },
      .init("a position is values: the page after a model deleted since is the same page") {
        try await $0.pagesAfterADeletedModel($1.repository)
      },
      .init("a page after a model of an unsorted descriptor is refused") {
        try await $0.refusesUnsortedPosition($1.repository)
      },
    ]
  }

  private func walksEveryModelOnce(_ repository: any Repository<Model>) async throws {
    let models = samples()
    try await repository.insert(models)
    for reverse in [false, true] {
      let descriptor = FetchDescriptor<Model>(
        sortBy: [SortDescriptor(fixture.attribute, order: reverse ? .reverse : .forward)])
      let expected = sortedByAttribute(models, reverse: reverse)
      #expect(try await repository.fetch(descriptor) == expected)
      for size in [1, 2, 5, models.count] {
        #expect(try await repository.walkPages(descriptor, size: size) == expected, "pages of \(size)")
      }
    }
  }

  private func walksMatchingModels(_ repository: any Repository<Model>) async throws {
    let models = samples()
    try await repository.insert(models)
    let middle = sortedByAttribute(models)[models.count / 2]
    let descriptor = FetchDescriptor<Model>(
      predicate: predicate(equal: false, value(middle)), sortBy: [SortDescriptor(fixture.attribute)])
    let expected = sortedByAttribute(models).filter { value($0) != value(middle) }
    #expect(try await repository.walkPages(descriptor, size: 3) == expected)
    // A position that the predicate does not match still places the page.
    var after = descriptor
    after.after = middle
    let rest = sortedByAttribute(models).drop { $0 != middle }.dropFirst().filter { value($0) != value(middle) }
    #expect(try await repository.fetch(after) == Array(rest))
  }

  private func skipsAfterThePosition(_ repository: any Repository<Model>) async throws {
    let models = samples()
    try await repository.insert(models)
    let sorted = sortedByAttribute(models, reverse: true)
    var descriptor = FetchDescriptor<Model>(sortBy: [SortDescriptor(fixture.attribute, order: .reverse)])
    descriptor.after = sorted[3]
    #expect(try await repository.fetchCount(descriptor) == models.count - 4)
    descriptor.fetchOffset = 2
    descriptor.fetchLimit = 3
    #expect(try await repository.fetch(descriptor) == Array(sorted[6..<9]))
    #expect(try await repository.fetchCount(descriptor) == 3)
    descriptor.after = sorted.last
    #expect(try await repository.fetch(descriptor) == [])
    #expect(try await repository.fetchCount(descriptor) == 0)
  }

  private func pagesAfterADeletedModel(_ repository: any Repository<Model>) async throws {
    let models = samples()
    try await repository.insert(models)
    let sorted = sortedByAttribute(models)
    var descriptor = FetchDescriptor<Model>(sortBy: [SortDescriptor(fixture.attribute)], fetchLimit: 4)
    descriptor.after = sorted[4]
    let before = try await repository.fetch(descriptor)
    #expect(before == Array(sorted[5..<9]))
    try await repository.delete(sorted[4])
    #expect(try await repository.fetch(descriptor) == before, "after a deleted model")
    descriptor.after = sorted[3]
    #expect(try await repository.fetch(descriptor) == before, "after the model before the deleted one")
  }

  private func refusesUnsortedPosition(_ repository: any Repository<Model>) async throws {
    let models = samples()
    try await repository.insert(models)
    var descriptor = FetchDescriptor<Model>()
    descriptor.after = models[0]
    await #expect(throws: RepositoryError.self) { try await repository.fetch(descriptor) }
    await #expect(throws: RepositoryError.self) { try await repository.fetchCount(descriptor) }
  }
}
