import Repositories
import Testing

/// Checks of a `UnitOfWork` over the repository's store: its changes commit together or not
/// at all, and an operation in it that fails changes nothing.
extension RepositoryContract {
  static var unitOfWorkChecks: [Check] {
    [
      .init("a unit of work's inserts, updates and deletes commit together") {
        try await $0.commits($1.repository, $1.unitOfWork)
      },
      .init("a unit of work that throws, or an operation in it that fails, changes nothing") {
        try await $0.rollsBack($1.repository, $1.unitOfWork)
      },
    ] + batchUpsertChecks
  }

  private func commits(_ repository: any Repository<Model>, _ unitOfWork: any UnitOfWork) async throws {
    let models = samples(4)
    try await repository.insert(Array(models.prefix(2)))
    let changed = fixture.changing(models[0])
    let count = try await unitOfWork.transaction { changes in
      try changes.insert([models[2], models[3]])
      try changes.update([changed])
      try changes.delete(ids: [models[1].id], of: Model.self)
      return try changes.fetchCount(FetchDescriptor<Model>())
    }
    #expect(count == 3)
    try await expectStored([changed, models[2], models[3]], in: repository)
  }

  private func rollsBack(_ repository: any Repository<Model>, _ unitOfWork: any UnitOfWork) async throws {
    let models = samples(2)
    try await repository.insert(models[0])
    let twins = fixture.keys.unique.map { $0.copying(from: models[0], into: model(Self.sampleCount)) }
    await #expect(throws: ContractRefusal()) {
      try await unitOfWork.transaction { changes in
        try changes.insert([models[1]])
        #expect(throws: RepositoryError.self) { try changes.insert([fixture.changing(models[0])]) }
        for twin in twins {
          #expect(throws: RepositoryError.self) { try changes.insert([twin]) }
        }
        #expect(try changes.fetchCount(FetchDescriptor<Model>()) == 2)
        throw ContractRefusal()
      }
    }
    try await expectStored([models[0]], in: repository)
  }
}
