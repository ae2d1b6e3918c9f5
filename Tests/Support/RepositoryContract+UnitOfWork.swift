public import Repositories
public import Testing

/// Checks of a ``UnitOfWork`` over the repository's store: its changes commit together or not
/// at all, and an operation in it that fails changes nothing.
///
/// They need the unit of work of the repository's store, so they run apart from ``checks``:
///
/// ```swift
/// @Test(arguments: RepositoryContract<BookFixture>.unitOfWorkCheckNames)
/// func unitOfWork(_ check: String) async throws {
///   try await RepositoryContract(BookFixture()).run(unitOfWorkCheck: check) {
///     let store = InMemoryStore()
///     return (InMemoryRepository<Book>(store: store, keys: BookFixture.keys), store)
///   }
/// }
/// ```
extension RepositoryContract {
  /// One named rule of a unit of work, checked against an empty repository and its store's
  /// unit of work.
  public struct UnitOfWorkCheck: Sendable {
    /// What the check asserts, as a sentence.
    public let name: String
    let body: @Sendable (RepositoryContract, any Repository<Model>, any UnitOfWork) async throws -> Void
  }

  /// Every unit-of-work check.
  public static var unitOfWorkChecks: [UnitOfWorkCheck] {
    [
      .init(name: "a unit of work's inserts, updates and deletes commit together") { try await $0.commits($1, $2) },
      .init(name: "a unit of work that throws, or an operation in it that fails, changes nothing") {
        try await $0.rollsBack($1, $2)
      },
    ] + batchUpsertChecks
  }

  /// The names of every unit-of-work check: the arguments of a parameterized test.
  public static var unitOfWorkCheckNames: [String] {
    unitOfWorkChecks.map(\.name)
  }

  /// Runs the unit-of-work check with a name against a fresh repository and the unit of work
  /// of its store.
  ///
  /// - Throws: what the check throws; an unknown `name` or a repository that does not start
  ///   empty fails the test.
  public func run<R: Repository<Model>>(
    unitOfWorkCheck name: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    on make: () async throws -> (R, any UnitOfWork)
  ) async throws {
    let check = try #require(
      Self.unitOfWorkChecks.first { $0.name == name },
      "no unit-of-work check is named \"\(name)\"",
      sourceLocation: sourceLocation
    )
    let (repository, unitOfWork) = try await make()
    let count = try await repository.fetchCount(FetchDescriptor())
    try #require(count == 0, "the repository must start empty", sourceLocation: sourceLocation)
    try await check.body(self, repository, unitOfWork)
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
