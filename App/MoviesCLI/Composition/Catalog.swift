import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories

/// The object graph of the app: one store — a file, or a PostgreSQL database — its
/// repositories, and the use cases over them.
///
/// This is the composition root, the one place that knows both Domain and Data. The store is
/// a container's one configuration, whatever the database: the URL chooses, and the same
/// repositories, units of work and history serve every command.
struct Catalog: Sendable {
  /// The author the store's history records for the app's writes.
  static let author = "movies"

  /// The container of the catalog's one configuration.
  let container: ModelContainer
  /// How the catalog is named to the person using it: the store file's path, or the
  /// database's URL without its password.
  let name: String
  /// The store file, when the catalog is one; `nil` for a database.
  let file: URL?
  let movies: ModelRepository<Movie>
  let reviews: ModelRepository<Review>
  let tags: ModelRepository<MovieTag>
  let taggings: ModelRepository<Tagging>
  /// Changes to several of the repositories that commit together.
  let unitOfWork: ModelUnitOfWork
  /// The unit of work of imports, which the history records as `movies import`.
  let importing: ModelUnitOfWork

  /// Opens the catalog at a location, creating it (a file private to the user, or a
  /// database's tables) when `creating`; its writes wait up to `busyTimeout` for another
  /// process writing it. It is recognized as a version of the catalog's schema and migrated to
  /// the latest. A `readOnly` catalog is never changed: not migrated, not created.
  ///
  /// - Throws: `PersistenceError` if the store cannot be opened, is missing and not
  ///   `creating`, or needs a migration and is `readOnly`; it is left untouched.
  init(
    _ location: StoreLocation, creating: Bool, readOnly: Bool = false, backupBeforeMigration: Bool = false,
    busyTimeout: Duration = MoviesApplication.defaultBusyTimeout
  ) throws {
    let url: URL
    switch location {
    case .file(let path):
      url = path
      (name, file) = (path.path, path)
    case .server(let text):
      guard let parsed = URL(string: text) else {
        throw PersistenceError.cannotOpen(path: PostgresStore.displayURL(of: text), reason: "it is not a valid URL")
      }
      url = parsed
      (name, file) = (PostgresStore.displayURL(of: text), nil)
    }
    container = try ModelContainer(
      for: CatalogModels.all, migrationPlan: CatalogMigrationPlan.self,
      backupBeforeMigration: backupBeforeMigration,
      configurations: [
        ModelConfiguration(
          "Catalog", url: url, allowsSave: !readOnly, allowsCreation: creating, busyTimeout: busyTimeout)
      ])
    movies = try ModelRepository(container: container, author: Self.author)
    reviews = try ModelRepository(container: container, author: Self.author)
    tags = try ModelRepository(container: container, author: Self.author)
    taggings = try ModelRepository(container: container, author: Self.author)
    unitOfWork = try ModelUnitOfWork(container: container, author: Self.author)
    importing = try ModelUnitOfWork(container: container, author: "movies import")
  }

  /// The catalog's tables the PostgreSQL database at `url` lacks, read without changing it.
  /// A database with none of them holds no catalog, which every command but those that add
  /// movies refuses — as a missing store file is refused — `store info` and `store check`
  /// included.
  ///
  /// - Throws: `PersistenceError.cannotOpen` saying "no store exists there" when the database
  ///   holds none of the catalog's tables; `PersistenceError` if the server cannot be reached.
  static func missingTables(
    server url: String, busyTimeout: Duration = MoviesApplication.defaultBusyTimeout
  ) async throws -> [String] {
    let missing = try await PostgresStore.missingTables(url: url, for: CatalogModels.all, busyTimeout: busyTimeout)
    guard missing.count < CatalogModels.all.count else {
      throw PersistenceError.cannotOpen(path: PostgresStore.displayURL(of: url), reason: "no store exists there")
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
  ) throws -> ModelRepository<Model> {
    try ModelRepository<Model>(container: container, author: author)
  }

  /// Deletes the transactions an author recorded in the history, with their changes (what an
  /// undone copy wrote, so that no reader of the history sees it).
  func deleteHistory(author: String) async throws {
    try container.deleteHistory(HistoryDescriptor(predicate: #Predicate { $0.author == author }))
  }

  /// Marks the catalog incomplete, with a note: until ``markComplete()``, every other opening
  /// of it, in any process, fails naming the note — also after this process is killed.
  ///
  /// - Throws: `PersistenceError` if it is marked already (another copy runs, or one stopped
  ///   midway), or cannot be written.
  func markIncomplete(_ note: String) async throws {
    try container.markIncomplete(note)
  }

  /// Removes the mark of ``markIncomplete(_:)``.
  ///
  /// - Throws: `PersistenceError` if the catalog cannot be written; it stays marked then.
  func markComplete() async throws {
    try container.markComplete()
  }

  /// The token of the catalog's newest committed transaction (on a server, whether or not one
  /// begun before it still runs), or `nil` for an empty history.
  func latestHistoryToken() async throws -> HistoryToken? {
    try container.newestCommittedHistoryToken()
  }

  /// The catalog's transactions from now on, as they commit in any process: a store file's
  /// heard from the kernel's file events where it has them (else checked every tenth of a
  /// second), a database's through `LISTEN`/`NOTIFY`.
  func commits() async throws -> any AsyncSequence<HistoryTransaction, any Error> {
    try container.history(of: CatalogModels.all, interval: .milliseconds(100))
  }

  /// A background worker on the catalog's container, whose context's saves the history
  /// records under `author`.
  func worker(author: String) throws -> CatalogWorker {
    try CatalogWorker(container, author: author)
  }

  /// Fails naming the movies whose stored values another program damaged, which reads and
  /// figures leave out.
  func checkMoviesReadable() async throws {
    try await movies.checkReadable()
  }

  var add: AddMovie<ModelRepository<Movie>> { AddMovie(movies: movies) }
  var list: ListMovies<ModelRepository<Movie>> { ListMovies(movies: movies) }
  var get: GetMovie<ModelRepository<Movie>> { GetMovie(movies: movies) }
  var update: UpdateMovie<ModelRepository<Movie>> { UpdateMovie(movies: movies) }
  var rate: RateMovie<ModelRepository<Movie>> { RateMovie(movies: movies) }
  var heart: HeartMovie<ModelRepository<Movie>> { HeartMovie(movies: movies) }
  var delete: DeleteMovies<ModelRepository<Movie>> { DeleteMovies(movies: movies) }
  var clear: ClearCatalog<ModelRepository<Movie>> { ClearCatalog(movies: movies) }
  var addReview: AddReview<ModelUnitOfWork> { AddReview(unitOfWork: unitOfWork) }
  var listReviews: ListReviews<ModelRepository<Review>> { ListReviews(reviews: reviews) }
  var deleteReview: DeleteReview<ModelRepository<Review>> { DeleteReview(reviews: reviews) }
  var importMovies: ImportMovies<ModelUnitOfWork> { ImportMovies(unitOfWork: importing) }
  var checkRules: CheckCatalogRules<ModelRepository<Movie>, ModelRepository<Review>, ModelRepository<MovieTag>> {
    CheckCatalogRules(movies: movies, reviews: reviews, tags: tags)
  }
  var movieTags: MovieTags<ModelRepository<MovieTag>, ModelRepository<Tagging>, ModelUnitOfWork> {
    MovieTags(tags: tags, taggings: taggings, unitOfWork: unitOfWork)
  }
}
