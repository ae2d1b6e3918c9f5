// The context of a snippet that works with stored movies: the body of a function whose
// parameters are the values the engine's examples name — a container, a repository, a store's
// URL, a movie and its id, a tag, a poster — so a snippet may use them, or declare its own of
// the same names. (A value a fragment declares and never uses is allowed here; any other
// warning still fails the snippet.)
import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories
import SQLValues
import SQLiteCore

func snippet(
  container: ModelContainer, movies: SQLiteRepository<Movie>, storeURL: URL, configuration: ModelConfiguration,
  unitOfWork: SQLiteUnitOfWork, movie: Movie, oldMovie: Movie, id: UUID, tag: MovieTag, poster: Data,
  lastSynced: HistoryToken?
) async throws {
  // snippet
}
