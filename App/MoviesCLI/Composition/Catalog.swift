import Catalog
import CatalogStorage
import Foundation
import Persistence

/// The object graph of the app: one store, its movie repository, and the use cases over it.
///
/// This is the composition root, the one place that knows both Domain and Data.
struct Catalog: Sendable {
  /// The author the store's history records for the app's writes.
  static let author = "movies"

  /// The container of the catalog's store.
  let container: ModelContainer
  /// Where the store lives.
  let url: URL
  let movies: SQLiteRepository<Movie>
  let reviews: SQLiteRepository<Review>
  let tags: SQLiteRepository<MovieTag>
  let taggings: SQLiteRepository<Tagging>
  /// Changes to several of the repositories that commit together.
  let unitOfWork: SQLiteUnitOfWork
  /// The unit of work of imports, which the history records as `movies import`.
  let importing: SQLiteUnitOfWork

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
    self.url = url
    // The store is recognized as a version of the catalog's schema and migrated to the latest.
    let container = try ModelContainer(
      for: CatalogModels.all, migrationPlan: CatalogMigrationPlan.self,
      backupBeforeMigration: backupBeforeMigration,
      configurations: [
        ModelConfiguration(
          "Catalog", url: url, allowsSave: !readOnly, allowsCreation: creating, busyTimeout: busyTimeout)
      ])
    self.container = container
    movies = try SQLiteRepository<Movie>(container: container, configuration: "Catalog", author: Self.author)
    reviews = try SQLiteRepository<Review>(container: container, configuration: "Catalog", author: Self.author)
    tags = try SQLiteRepository<MovieTag>(container: container, configuration: "Catalog", author: Self.author)
    taggings = try SQLiteRepository<Tagging>(container: container, configuration: "Catalog", author: Self.author)
    unitOfWork = try SQLiteUnitOfWork(container: container, configuration: "Catalog", author: Self.author)
    importing = try SQLiteUnitOfWork(container: container, configuration: "Catalog", author: "movies import")
  }

  /// The repository of any model of the catalog (one listed in `CatalogModels.all`), writing
  /// under the app's author: how the commands of a model added beside `Movie` reach the store.
  ///
  /// - Throws: `PersistenceError` if the catalog's container does not hold the model.
  func repository<Model: PersistentModel>(for model: Model.Type) throws -> SQLiteRepository<Model> {
    try SQLiteRepository<Model>(container: container, configuration: "Catalog", author: Self.author)
  }

  var add: AddMovie<SQLiteRepository<Movie>> { AddMovie(movies: movies) }
  var list: ListMovies<SQLiteRepository<Movie>> { ListMovies(movies: movies) }
  var get: GetMovie<SQLiteRepository<Movie>> { GetMovie(movies: movies) }
  var update: UpdateMovie<SQLiteRepository<Movie>> { UpdateMovie(movies: movies) }
  var rate: RateMovie<SQLiteRepository<Movie>> { RateMovie(movies: movies) }
  var heart: HeartMovie<SQLiteRepository<Movie>> { HeartMovie(movies: movies) }
  var delete: DeleteMovies<SQLiteRepository<Movie>> { DeleteMovies(movies: movies) }
  var clear: ClearCatalog<SQLiteRepository<Movie>> { ClearCatalog(movies: movies) }
  var addReview: AddReview<SQLiteUnitOfWork> { AddReview(unitOfWork: unitOfWork) }
  var listReviews: ListReviews<SQLiteRepository<Review>> { ListReviews(reviews: reviews) }
  var deleteReview: DeleteReview<SQLiteRepository<Review>> { DeleteReview(reviews: reviews) }
  var importMovies: ImportMovies<SQLiteUnitOfWork> { ImportMovies(unitOfWork: importing) }
  var checkRules: CheckCatalogRules<SQLiteRepository<Movie>, SQLiteRepository<Review>, SQLiteRepository<MovieTag>> {
    CheckCatalogRules(movies: movies, reviews: reviews, tags: tags)
  }
  var movieTags: MovieTags<SQLiteRepository<MovieTag>, SQLiteRepository<Tagging>, SQLiteUnitOfWork> {
    MovieTags(tags: tags, taggings: taggings, unitOfWork: unitOfWork)
  }
}
