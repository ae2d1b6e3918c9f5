import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories

/// Every model a catalog file holds, read through the engine: what two catalogs must share
/// to be copies of each other.
struct CatalogContents: Equatable {
  let movies: Set<Movie>
  let reviews: Set<Review>
  let tags: Set<MovieTag>
  let taggings: Set<Tagging>

  /// Reads the catalog file at `url`, without changing it.
  static func read(_ url: URL) async throws -> CatalogContents {
    let container = try ModelContainer(
      for: CatalogModels.all, migrationPlan: CatalogMigrationPlan.self,
      configurations: [ModelConfiguration("Catalog", url: url, allowsSave: false, allowsCreation: false)])
    defer { try? container.close() }
    func all<Model: PersistentModel & Hashable>(_: Model.Type) async throws -> Set<Model> {
      Set(try await SQLiteRepository<Model>(container: container).fetchAll())
    }
    return CatalogContents(
      movies: try await all(Movie.self), reviews: try await all(Review.self), tags: try await all(MovieTag.self),
      taggings: try await all(Tagging.self))
  }

  /// How many models of each type, as `store copy` names them.
  var counts: [String: Int] {
    ["Movie": movies.count, "Review": reviews.count, "MovieTag": tags.count, "Tagging": taggings.count]
  }
}
