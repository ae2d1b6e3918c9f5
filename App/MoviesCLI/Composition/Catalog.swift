import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories

/// The object graph of the app: one store — a file, or a PostgreSQL database — its
/// repositories, and the use cases over them.
///
/// This is the composition root, the one place that knows both Domain and Data. The use cases
/// take the repositories as `AnyRepository`, so the same commands run on either store.
struct Catalog: Sendable {
  /// The author the store's history records for the app's writes.
  static let author = "movies"

  /// The store the catalog's repositories use.
  enum Store: Sendable {
    /// A SQLite store file, through its container.
    case file(ModelContainer, URL)
    /// A PostgreSQL database.
    case server(PostgresStore)
  }

  /// Where the catalog lives.
  let store: Store
  let movies: AnyRepository<Movie>
  let reviews: AnyRepository<Review>
  let tags: AnyRepository<MovieTag>
  let taggings: AnyRepository<Tagging>
  /// Changes to several of the repositories that commit together.
  let unitOfWork: AnyUnitOfWork
  /// The unit of work of imports, which the history records as `movies import`.
  let importing: AnyUnitOfWork

  /// Opens the catalog store at a URL, creating it (private to the user) when `creating`; its
  /// writes wait up to `busyTimeout` for another process writing it. A `readOnly` catalog is
  /// never changed: not migrated, not created.
  ///
  /// - Throws: `PersistenceError` if the store cannot be opened, is missing and not
  ///   `creating`, or needs a migration and is `readOnly`; the file is left untouched.
  init(
    url: URL, creating: Bool, readOnly: Bool = false, backupBeforeMigration: Bool = false,
    busyTimeout: Duration = MoviesApplication.defaultBusyTimeout
  ) throws {
    // The store is recognized as a version of the catalog's schema and migrated to the latest.
    let container = try ModelContainer(
      for: CatalogModels.all, migrationPlan: CatalogMigrationPlan.self,
      backupBeforeMigration: backupBeforeMigration,
      configurations: [
        ModelConfiguration(
          "Catalog", url: url, allowsSave: !readOnly, allowsCreation: creating, busyTimeout: busyTimeout)
      ])
    store = .file(container, url)
    movies = AnyRepository(try SQLiteRepository<Movie>(container: container, author: Self.author))
    reviews = AnyRepository(try SQLiteRepository<Review>(container: container, author: Self.author))
    tags = AnyRepository(try SQLiteRepository<MovieTag>(container: container, author: Self.author))
    taggings = AnyRepository(try SQLiteRepository<Tagging>(container: container, author: Self.author))
    unitOfWork = AnyUnitOfWork(try SQLiteUnitOfWork(container: container, author: Self.author))
    importing = AnyUnitOfWork(try SQLiteUnitOfWork(container: container, author: "movies import"))
  }

  /// Opens the catalog in a PostgreSQL database, creating its tables if it has none and
  /// `creating` (as a missing store file is created only then); opening a connection waits up
  /// to `busyTimeout` for a server that serves as many as it may; it is recognized as a version
  /// of the catalog's schema and migrated to the latest, as a file is. A `readOnly` catalog is
  /// never changed: a database that lacks any of the catalog's tables, or needs a migration,
  /// is refused, and left as it was.
  ///
  /// - Throws: `PersistenceError` if the server cannot be reached or refuses; if the database
  ///   holds no catalog and not `creating`; if it is of a version this app does not know; or,
  ///   `readOnly`, if it lacks any of its tables or needs a migration.
  init(
    server url: String, creating: Bool = false, readOnly: Bool = false,
    busyTimeout: Duration = MoviesApplication.defaultBusyTimeout
  ) async throws {
    if readOnly || !creating {
      let missing = try await Self.missingTables(server: url, busyTimeout: busyTimeout)
      if readOnly && !missing.isEmpty {
        throw PersistenceError.cannotOpen(
          path: PostgresStore.displayURL(of: url),
          reason: "the catalog there lacks the tables \(missing.joined(separator: ", ")), "
            + "which a reading command does not create")
      }
    }
    if readOnly,
      try await PostgresStoreInspection.needsMigration(
        url: url, plan: CatalogMigrationPlan.self, busyTimeout: busyTimeout)
    {
      throw PersistenceError.cannotOpen(
        path: PostgresStore.displayURL(of: url),
        reason: "the catalog there needs a migration, which a reading command does not make ('movies store migrate')")
    }
    let server = try await PostgresStore(
      url: url, for: CatalogModels.all, migrationPlan: CatalogMigrationPlan.self, busyTimeout: busyTimeout)
    store = .server(server)
    movies = AnyRepository(try PostgresRepository<Movie>(store: server, author: Self.author))
    reviews = AnyRepository(try PostgresRepository<Review>(store: server, author: Self.author))
    tags = AnyRepository(try PostgresRepository<MovieTag>(store: server, author: Self.author))
    taggings = AnyRepository(try PostgresRepository<Tagging>(store: server, author: Self.author))
    unitOfWork = AnyUnitOfWork(PostgresUnitOfWork(store: server, author: Self.author))
    importing = AnyUnitOfWork(PostgresUnitOfWork(store: server, author: "movies import"))
  }

  /// The catalog's tables the PostgreSQL database at `url` lacks, read without changing it.
  /// A database with none of them holds no catalog, which every command but those that add
  /// movies refuses — as a missing store file is refused — `store info` and `store check`
  /// included.
  ///
  /// - Throws: `PersistenceError.cannotOpen` saying "no catalog exists there" when the database
  ///   holds none of the catalog's tables; `PersistenceError` if the server cannot be reached.
  static func missingTables(
    server url: String, busyTimeout: Duration = MoviesApplication.defaultBusyTimeout
  ) async throws -> [String] {
    let missing = try await PostgresStore.missingTables(url: url, for: CatalogModels.all, busyTimeout: busyTimeout)
    guard missing.count < CatalogModels.all.count else {
      throw PersistenceError.cannotOpen(path: PostgresStore.displayURL(of: url), reason: "no catalog exists there")
    }
    return missing
  }

  /// The repository of any model of the catalog (one listed in `CatalogModels.all`), writing
  /// under `author` (the app's, unless a command names itself) in the store's history: how
  /// the commands of a model added beside `Movie` reach the store.
  ///
  /// - Throws: `PersistenceError` if the catalog's store does not hold the model.
  func repository<Model: PersistentModel>(
    for model: Model.Type, author: String = Self.author
  ) throws -> AnyRepository<Model> {
    switch store {
    case .file(let container, _): AnyRepository(try SQLiteRepository<Model>(container: container, author: author))
    case .server(let server): AnyRepository(try PostgresRepository<Model>(store: server, author: author))
    }
  }

  /// Deletes the transactions an author recorded in the history, with their changes (what an
  /// undone copy wrote, so that no reader of the history sees it).
  func deleteHistory(author: String) async throws {
    switch store {
    case .file(let container, _):
      try container.deleteHistory(HistoryDescriptor(predicate: #Predicate { $0.author == author }))
    case .server(let server): try await server.deleteHistory(author: author)
    }
  }

  /// Marks the catalog incomplete, with a note: until ``markComplete()``, every other opening
  /// of it, in any process, fails naming the note — also after this process is killed.
  ///
  /// - Throws: `PersistenceError` if it is marked already (another copy runs, or one stopped
  ///   midway), or cannot be written.
  func markIncomplete(_ note: String) async throws {
    switch store {
    case .file(let container, _): try container.markIncomplete(note)
    case .server(let server): try await server.markIncomplete(note)
    }
  }

  /// Removes the mark of ``markIncomplete(_:)``.
  ///
  /// - Throws: `PersistenceError` if the catalog cannot be written; it stays marked then.
  func markComplete() async throws {
    switch store {
    case .file(let container, _): try container.markComplete()
    case .server(let server): try await server.markComplete()
    }
  }

  /// The token of the catalog's newest committed transaction (on a server, whether or not one
  /// begun before it still runs), or `nil` for an empty history.
  func latestHistoryToken() async throws -> HistoryToken? {
    switch store {
    case .file(let container, _): try container.latestHistoryToken()
    case .server(let server): try await server.newestCommittedHistoryToken()
    }
  }

  /// The catalog's transactions from now on, as they commit in any process: a store file's
  /// heard from the kernel's file events where it has them (else checked every tenth of a
  /// second), a database's through `LISTEN`/`NOTIFY`.
  func commits() async throws -> any AsyncSequence<HistoryTransaction, any Error> {
    switch store {
    case .file(let container, _): try container.history(of: CatalogModels.all, interval: .milliseconds(100))
    case .server(let server): try await server.history(models: Set(CatalogModels.all.map { "\($0)" }))
    }
  }

  /// Fails naming the movies whose stored values another program damaged, which reads and
  /// figures leave out. A PostgreSQL database's column types keep such values out, so there is
  /// nothing to check there.
  func checkMoviesReadable() async throws {
    guard case .file(let container, _) = store else { return }
    try await SQLiteRepository<Movie>(container: container, author: Self.author).checkReadable()
  }

  /// How the catalog is named to the person using it: the store file's path, or the
  /// database's URL without its password.
  var name: String {
    switch store {
    case .file(_, let url): url.path
    case .server(let server): server.displayURL
    }
  }

  var add: AddMovie<AnyRepository<Movie>> { AddMovie(movies: movies) }
  var list: ListMovies<AnyRepository<Movie>> { ListMovies(movies: movies) }
  var get: GetMovie<AnyRepository<Movie>> { GetMovie(movies: movies) }
  var update: UpdateMovie<AnyRepository<Movie>> { UpdateMovie(movies: movies) }
  var rate: RateMovie<AnyRepository<Movie>> { RateMovie(movies: movies) }
  var heart: HeartMovie<AnyRepository<Movie>> { HeartMovie(movies: movies) }
  var delete: DeleteMovies<AnyRepository<Movie>> { DeleteMovies(movies: movies) }
  var clear: ClearCatalog<AnyRepository<Movie>> { ClearCatalog(movies: movies) }
  var addReview: AddReview<AnyUnitOfWork> { AddReview(unitOfWork: unitOfWork) }
  var listReviews: ListReviews<AnyRepository<Review>> { ListReviews(reviews: reviews) }
  var deleteReview: DeleteReview<AnyRepository<Review>> { DeleteReview(reviews: reviews) }
  var importMovies: ImportMovies<AnyUnitOfWork> { ImportMovies(unitOfWork: importing) }
  var checkRules: CheckCatalogRules<AnyRepository<Movie>, AnyRepository<Review>, AnyRepository<MovieTag>> {
    CheckCatalogRules(movies: movies, reviews: reviews, tags: tags)
  }
  var movieTags: MovieTags<AnyRepository<MovieTag>, AnyRepository<Tagging>, AnyUnitOfWork> {
    MovieTags(tags: tags, taggings: taggings, unitOfWork: unitOfWork)
  }
}
