import Foundation
import Repositories
import Testing

/// Checks of `insert`, `fetch(id:)`, `update`, `upsert` and `delete`, for any model.
extension RepositoryContract {
  static var writingChecks: [Check] {
    [
      .init("an inserted model reads back equal, by its id and among ids") { try await $0.readsBack($1.repository) },
      .init("a missing id fetches nil and no model") { try await $0.fetchesNothingMissing($1.repository) },
      .init("edge values round-trip exactly, text byte for byte") { try await $0.roundTripsEdgeValues($1.repository) },
      .init("inserting an empty batch changes nothing") { try await $0.insertsEmptyBatch($1.repository) },
      .init("concurrent inserts from many tasks are all stored") { try await $0.insertsConcurrently($1.repository) },
      .init("inserting a taken id fails and keeps the stored model") { try await $0.rejectsTakenID($1.repository) },
      .init("a batch with a taken or repeated id stores none of its models") {
        try await $0.rejectsBatch($1.repository)
      },
      .init("update replaces that model, or those models, whole and no other") {
        try await $0.updatesOne($1.repository)
      },
      .init("update stores edge values exactly") { try await $0.updatesToEdgeValues($1.repository) },
      .init("updating an unknown id fails and changes nothing") { try await $0.rejectsUnknownUpdate($1.repository) },
      .init("update(id:) stores the change, or nothing when the change throws") {
        try await $0.changesInPlace($1.repository)
      },
      .init("upsert inserts new models and replaces stored ones by id") { try await $0.upsertsByID($1.repository) },
      .init("deleting a model, an id or ids removes only those") { try await $0.deletes($1.repository) },
      .init("deleting an unknown id fails and deletes nothing") { try await $0.rejectsUnknownDelete($1.repository) },
      .init("deleteAll returns how many it deleted and empties the store") { try await $0.deletesAll($1.repository) },
    ]
  }

  private func readsBack(_ repository: any Repository<Model>) async throws {
    let models = samples()
    try await repository.insert(models[0])
    try await repository.insert(Array(models.dropFirst()))
    #expect(try await repository.fetch(id: models[0].id) == models[0])
    #expect(try await repository.fetch(id: models[5].id) == models[5])
    let missing = model(Self.sampleCount).id
    let asked = [models[3].id, missing, models[1].id, models[3].id]
    #expect(try await repository.fetch(ids: asked) == [models[3], models[1]], "in the order asked, each once")
    #expect(try await repository.fetch(ids: []) == [])
    try await expectStored(models, in: repository)
  }

  private func fetchesNothingMissing(_ repository: any Repository<Model>) async throws {
    let missing = model(Self.sampleCount)
    #expect(try await repository.fetch(id: missing.id) == nil)
    try await repository.insert(samples())
    #expect(try await repository.fetch(id: missing.id) == nil)
    #expect(try await repository.fetch(ids: [missing.id]) == [])
  }

  private func roundTripsEdgeValues(_ repository: any Repository<Model>) async throws {
    try #require(!fixture.edgeCases.isEmpty, "the fixture gives no edge values")
    for model in fixture.edgeCases {
      try await repository.insert(model)
    }
    for model in fixture.edgeCases {
      expectIdentical(try await repository.fetch(id: model.id), model)
    }
    try await expectStored(fixture.edgeCases, in: repository)
  }

  private func insertsEmptyBatch(_ repository: any Repository<Model>) async throws {
    let stored = model(0)
    try await repository.insert(stored)
    try await repository.insert([Model]())
    try await expectStored([stored], in: repository)
  }

  private func insertsConcurrently(_ repository: any Repository<Model>) async throws {
    let models = samples(50)
    try await withThrowingTaskGroup { group in
      for model in models {
        group.addTask { try await repository.insert(model) }
      }
      try await group.waitForAll()
    }
    try await expectStored(models, in: repository)
  }

  private func rejectsTakenID(_ repository: any Repository<Model>) async throws {
    let stored = model(0)
    try await repository.insert(stored)
    await expectConstraintViolation { try await repository.insert(fixture.changing(stored)) }
    #expect(try await repository.fetch(id: stored.id) == stored)
    try await expectStored([stored], in: repository)
  }

  private func rejectsBatch(_ repository: any Repository<Model>) async throws {
    let (stored, models) = (model(0), Array(samples().dropFirst()))
    try await repository.insert(stored)
    let taken = fixture.keys.model(model(Self.sampleCount), withID: stored.id)
    await expectConstraintViolation { try await repository.insert(models + [fixture.changing(stored)]) }
    await expectConstraintViolation { try await repository.insert([models[1], taken, models[2]]) }
    let repeated = fixture.keys.model(model(Self.sampleCount + 1), withID: models[1].id)
    await expectConstraintViolation { try await repository.insert([models[1], models[2], repeated]) }
    try await expectStored([stored], in: repository)
  }

  private func updatesOne(_ repository: any Repository<Model>) async throws {
    let models = samples()
    try await repository.insert(models)
    let changed = fixture.changing(models[2])
    try #require(changed != models[2], "the fixture's change changes nothing")
    try await repository.update(changed)
    #expect(try await repository.fetch(id: changed.id) == changed)
    try await expectStored(models.map { $0.id == changed.id ? changed : $0 }, in: repository)
    // Every attribute replaced at once, for two models in one batch.
    let replaced = [
      fixture.keys.model(model(Self.sampleCount), withID: models[3].id),
      fixture.keys.model(model(Self.sampleCount + 1), withID: models[4].id),
    ]
    try await repository.update(replaced)
    let expected = models.map { $0.id == changed.id ? changed : $0 }.map { model in
      replaced.first { $0.id == model.id } ?? model
    }
    try await expectStored(expected, in: repository)
  }

  private func updatesToEdgeValues(_ repository: any Repository<Model>) async throws {
    let stored = model(0)
    try await repository.insert(stored)
    for edge in fixture.edgeCases {
      let changed = fixture.keys.model(edge, withID: stored.id)
      try await repository.update(changed)
      expectIdentical(try await repository.fetch(id: stored.id), changed)
    }
    try await expectStored([fixture.keys.model(fixture.edgeCases.last ?? stored, withID: stored.id)], in: repository)
  }

  private func rejectsUnknownUpdate(_ repository: any Repository<Model>) async throws {
    let models = samples(3)
    try await repository.insert(Array(models.prefix(2)))
    let notFound = RepositoryError.notFound(id: String(describing: models[2].id))
    await #expect(throws: notFound) { try await repository.update(models[2]) }
    await #expect(throws: notFound) {
      try await repository.update([fixture.changing(models[0]), models[2]])
    }
    try await expectStored(Array(models.prefix(2)), in: repository)
  }

  private func changesInPlace(_ repository: any Repository<Model>) async throws {
    let models = samples(3)
    try await repository.insert(Array(models.prefix(2)))
    let changed = fixture.changing(models[0])
    let returned = try await repository.update(id: models[0].id) { $0 = changed }
    #expect(returned == changed)
    await #expect(throws: ContractRefusal()) {
      try await repository.update(id: models[1].id) { model in
        model = fixture.changing(model)
        throw ContractRefusal()
      }
    }
    await #expect(throws: RepositoryError.notFound(id: String(describing: models[2].id))) {
      try await repository.update(id: models[2].id) { _ in }
    }
    try await expectStored([changed, models[1]], in: repository)
  }

  private func upsertsByID(_ repository: any Repository<Model>) async throws {
    let models = samples(4)
    try await repository.insert(Array(models.prefix(2)))
    let changed = fixture.changing(models[0])
    try await repository.upsert([models[2], changed])
    try await expectStored([changed, models[1], models[2]], in: repository)
    try await repository.upsert(changed)
    try await repository.upsert(models[3])
    try await expectStored([changed, models[1], models[2], models[3]], in: repository)
  }

  private func deletes(_ repository: any Repository<Model>) async throws {
    let models = samples()
    try await repository.insert(models)
    try await repository.delete(models[0])
    try await repository.delete(id: models[1].id)
    try await repository.delete(ids: [models[2].id, models[3].id, models[2].id])
    try await repository.delete(ids: [])
    #expect(try await repository.fetch(id: models[0].id) == nil)
    try await expectStored(Array(models.dropFirst(4)), in: repository)
    // A deleted model's identifier and unique values are free again.
    try await repository.insert(models[0])
    try await expectStored([models[0]] + models.dropFirst(4), in: repository)
  }

  private func rejectsUnknownDelete(_ repository: any Repository<Model>) async throws {
    let models = samples(4)
    try await repository.insert(Array(models.prefix(2)))
    let notFound = RepositoryError.notFound(id: String(describing: models[2].id))
    await #expect(throws: notFound) { try await repository.delete(models[2]) }
    await #expect(throws: notFound) { try await repository.delete(id: models[2].id) }
    await #expect(throws: notFound) {
      try await repository.delete(ids: [models[0].id, models[2].id, models[3].id])
    }
    try await expectStored(Array(models.prefix(2)), in: repository)
  }

  private func deletesAll(_ repository: any Repository<Model>) async throws {
    let models = samples() + fixture.edgeCases
    try await repository.insert(models)
    #expect(try await repository.deleteAll() == models.count)
    #expect(try await repository.fetchCount(FetchDescriptor()) == 0)
    #expect(try await repository.deleteAll() == 0)
    try await repository.insert(models)
    try await expectStored(models, in: repository)
  }
}
