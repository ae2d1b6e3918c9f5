import Repositories
import Testing

/// Checks of a unit of work's batch upsert (`RepositoryTransaction.upsert(_:)` with `Upsert`
/// rows): the outcome of each row, partial writes, matches by unique key and conflicts.
extension RepositoryContract {
  /// Every batch-upsert check, run with the other unit-of-work checks.
  static var batchUpsertChecks: [Check] {
    [
      .init("a batch upsert inserts, updates, leaves unchanged and reports repeats") {
        try await $0.upsertsRowByRow($1.repository, $1.unitOfWork)
      },
      .init("a batch upsert reports the origin of every repeat, however many rows came between") {
        try await $0.reportsRepeatsOfManyRows($1.repository, $1.unitOfWork)
      },
      .init("a batch upsert writes only the properties it lists") {
        try await $0.upsertsPartially($1.repository, $1.unitOfWork)
      },
      .init("a batch upsert matches by unique key, or reports the model it conflicts with") {
        try await $0.upsertsByUniqueKey($1.repository, $1.unitOfWork)
      },
    ]
  }

  private func upsertsRowByRow(_ repository: any Repository<Model>, _ unitOfWork: any UnitOfWork) async throws {
    let models = samples(2)
    try await repository.insert(models[0])
    let changed = fixture.changing(models[0])
    let (first, second) = try await unitOfWork.transaction { changes in
      let first = try changes.upsert([
        Upsert(models[1], origin: 1), Upsert(changed, origin: 2), Upsert(models[1], origin: 3),
      ])
      // Repeats are found across the batches of one transaction.
      return (first, try changes.upsert([Upsert(changed, origin: 4)]))
    }
    #expect(first == [.inserted(models[1].id), .updated(models[0].id), .repeated(models[1].id, origin: 1)])
    #expect(second == [.repeated(models[0].id, origin: 2)])
    // A new transaction remembers nothing; the stored values are already the row's.
    let again = try await unitOfWork.transaction { changes in try changes.upsert([Upsert(models[1], origin: 5)]) }
    #expect(again == [.unchanged(models[1].id)])
    try await expectStored([changed, models[1]], in: repository)
  }

  /// More rows than an engine may keep in memory before writing down which it wrote: every
  /// repeat still names its first row.
  private func reportsRepeatsOfManyRows(
    _ repository: any Repository<Model>, _ unitOfWork: any UnitOfWork
  ) async throws {
    let models = samples(150)
    let (first, again) = try await unitOfWork.transaction { changes in
      let first = try changes.upsert(models.enumerated().map { Upsert($1, origin: $0 + 1) })
      return (first, try changes.upsert(models.reversed().map { Upsert($0, origin: 1_000) }))
    }
    #expect(first == models.map { .inserted($0.id) })
    #expect(again == models.enumerated().reversed().map { .repeated($1.id, origin: $0 + 1) })
    try await expectStored(models, in: repository)
  }

  private func upsertsPartially(_ repository: any Repository<Model>, _ unitOfWork: any UnitOfWork) async throws {
    let models = samples(Self.sampleCount)
    try await repository.insert(models[0])
    let attribute = fixture.attribute
    // Another sample's values under the stored identifier, one of them different where it counts.
    guard let other = models.dropFirst().first(where: { $0[keyPath: attribute] != models[0][keyPath: attribute] })
    else { return }
    let incoming = fixture.keys.model(other, withID: models[0].id)
    var expected: Any = models[0]
    let copied = try #require(attribute as? any PropertyCopying).copy(from: incoming, into: &expected)
    #expect(copied)
    let outcomes = try await unitOfWork.transaction { changes in
      (
        try changes.upsert([Upsert(incoming, properties: [])]),
        try changes.upsert([Upsert(incoming, properties: [attribute], origin: 1)])
      )
    }
    #expect(outcomes.0 == [.unchanged(models[0].id)], "a row that writes nothing only finds its model")
    #expect(outcomes.1 == [.repeated(models[0].id, origin: 0)])
    let written = try await unitOfWork.transaction { changes in
      try changes.upsert([Upsert(incoming, properties: [attribute])])
    }
    #expect(written == [.updated(models[0].id)])
    try await expectStored([try #require(expected as? Model)], in: repository)
  }

  private func upsertsByUniqueKey(_ repository: any Repository<Model>, _ unitOfWork: any UnitOfWork) async throws {
    guard let key = fixture.keys.unique.first else { return }
    let models = samples(1)
    try await repository.insert(models[0])
    let twin = key.copying(from: models[0], into: model(Self.sampleCount))
    let outcomes = try await unitOfWork.transaction { changes in
      try changes.upsert([
        Upsert(twin, matching: .identifier, origin: 1), Upsert(twin, matching: .identifierOrUniqueKey, origin: 2),
        Upsert(twin, matching: .identifier, origin: 3),
      ])
    }
    #expect(
      outcomes == [
        .conflict(with: models[0].id), .updated(models[0].id), .repeated(models[0].id, origin: 2),
      ])
    try await expectStored([fixture.keys.model(twin, withID: models[0].id)], in: repository)
  }
}
