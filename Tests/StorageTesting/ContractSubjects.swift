public import Persistence
public import RepositoryTesting

extension RepositoryContract.Subject where Fixture.Model: PersistentModel {
  /// A repository and the unit of work of a new SQLite store on a file in a new temporary
  /// folder, declaring `models` (the contract's model among them).
  ///
  /// ```swift
  /// try await RepositoryContract(PlanetFixture()).run(check) { try .sqliteFile(for: [Planet.self]) }
  /// ```
  ///
  /// - Throws: ``PersistenceError`` when the store cannot be created.
  public static func sqliteFile(for models: [any PersistentModel.Type]) throws -> Self {
    let folder = try TemporaryDirectory()
    let container = try ModelContainer(
      for: models, configurations: [ModelConfiguration("Contract", url: folder.file("contract.store"))])
    return Self(
      try SQLiteRepository<Fixture.Model>(container: container), unitOfWork: try SQLiteUnitOfWork(container: container))
  }

  /// A repository and the unit of work of a new SQLite store in memory, declaring `models`.
  ///
  /// - Throws: ``PersistenceError`` when the store cannot be created.
  public static func sqliteInMemory(for models: [any PersistentModel.Type]) throws -> Self {
    let container = try ModelContainer(
      for: models, configurations: [ModelConfiguration("Contract", isStoredInMemoryOnly: true)])
    return Self(
      try SQLiteRepository<Fixture.Model>(container: container), unitOfWork: try SQLiteUnitOfWork(container: container))
  }
}

extension RepositoryContract.Subject where Fixture.Model: PersistentModel {
  /// The ``ModelRepository`` and ``ModelUnitOfWork`` of a container opened on one
  /// configuration — a file, memory or a PostgreSQL database — declaring `models`: the same
  /// calls whatever the database.
  ///
  /// - Throws: ``PersistenceError`` when the store cannot be opened.
  public static func container(
    _ configuration: ModelConfiguration, for models: [any PersistentModel.Type]
  ) throws
    -> Self
  {
    let container = try ModelContainer(for: models, configurations: [configuration])
    return Self(
      try ModelRepository<Fixture.Model>(container: container), unitOfWork: try ModelUnitOfWork(container: container))
  }
}
