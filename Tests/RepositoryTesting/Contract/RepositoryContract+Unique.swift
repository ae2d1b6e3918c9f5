import Foundation
import Repositories
import Testing

/// Checks of the model's declared unique keys, each key in turn: a store refuses a second
/// model with a key's values, and an upsert matches the stored one by them.
extension RepositoryContract {
  static var uniqueChecks: [Check] {
    [
      .init("the fixture declares its keys and makes distinct models") {
        try await $0.makesDistinctModels($1.repository)
      },
      .init("inserting a model that repeats a unique key's values fails and stores nothing") {
        try await $0.rejectsRepeatedValues($1.repository)
      },
      .init("updating a model to repeat another's unique values fails and changes nothing") {
        try await $0.rejectsUpdateToTakenValues($1.repository)
      },
      .init("upsert replaces the model with the same unique values and keeps its id") {
        try await $0.upsertsByUniqueKey($1.repository)
      },
      .init("an upsert that would repeat another's unique values changes nothing") {
        try await $0.rejectsUpsertToTakenValues($1.repository)
      },
    ]
  }

  private func makesDistinctModels(_ repository: any Repository<Model>) async throws {
    let models = samples() + fixture.edgeCases
    #expect(Set(models.map(\.id)).count == models.count, "the fixture's models share identifiers")
    #expect(samples() == samples(), "the fixture makes different models for the same number")
    for key in fixture.keys.unique {
      let values = models.compactMap { key.values(of: $0) }
      #expect(Set(values).count == values.count, "the fixture's models share values of \(key)")
    }
    try await repository.insert(models)
    try await expectStored(models, in: repository)
  }

  private func rejectsRepeatedValues(_ repository: any Repository<Model>) async throws {
    let models = samples(3)
    try await repository.insert(models[0])
    for key in fixture.keys.unique {
      let twin = key.copying(from: models[0], into: model(Self.sampleCount))
      await expectConstraintViolation { try await repository.insert(twin) }
      await expectConstraintViolation { try await repository.insert([models[1], twin, models[2]]) }
      let inBatch = key.copying(from: models[1], into: model(Self.sampleCount + 1))
      await expectConstraintViolation { try await repository.insert([models[1], models[2], inBatch]) }
    }
    try await expectStored([models[0]], in: repository)
  }

  private func rejectsUpdateToTakenValues(_ repository: any Repository<Model>) async throws {
    let models = samples(3)
    try await repository.insert(models)
    for key in fixture.keys.unique {
      let clash = key.copying(from: models[0], into: models[1])
      await expectConstraintViolation { try await repository.update(clash) }
      await expectConstraintViolation { try await repository.update([fixture.changing(models[2]), clash]) }
      await expectConstraintViolation {
        _ = try await repository.update(id: models[1].id) { $0 = clash }
      }
    }
    try await expectStored(models, in: repository)
  }

  private func upsertsByUniqueKey(_ repository: any Repository<Model>) async throws {
    for key in fixture.keys.unique {
      _ = try await repository.deleteAll()
      let models = samples(2)
      try await repository.insert(models)
      let incoming = key.copying(from: models[0], into: model(Self.sampleCount))
      try await repository.upsert(incoming)
      let replaced = fixture.keys.model(incoming, withID: models[0].id)
      #expect(try await repository.fetch(id: models[0].id) == replaced, "upsert by \(key)")
      #expect(try await repository.fetch(id: incoming.id) == nil, "upsert by \(key)")
      try await expectStored([replaced, models[1]], in: repository)
    }
  }

  private func rejectsUpsertToTakenValues(_ repository: any Repository<Model>) async throws {
    let models = samples(3)
    try await repository.insert(Array(models.prefix(2)))
    for key in fixture.keys.unique {
      let clash = key.copying(from: models[1], into: fixture.changing(models[0]))
      await expectConstraintViolation { try await repository.upsert(clash) }
      await expectConstraintViolation { try await repository.upsert([models[2], clash]) }
    }
    try await expectStored(Array(models.prefix(2)), in: repository)
  }
}
