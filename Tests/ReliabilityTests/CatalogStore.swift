import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories
import SQLValues
import SQLiteCore

/// Opens catalog stores the way the app does, and checks them the way `movies store check` does.
enum CatalogStore {
  /// A container for the catalog store at `url`, through the named VFS.
  static func open(_ url: URL, vfs: String? = nil) throws(PersistenceError) -> ModelContainer {
    var configuration = ModelConfiguration("Catalog", url: url)
    configuration.vfs = vfs
    return try ModelContainer(
      for: CatalogModels.all, migrationPlan: CatalogMigrationPlan.self,
      configurations: [configuration])
  }

  /// Every movie of the store at `url`, read through a container closed before returning.
  static func movies(in url: URL) async throws -> [Movie] {
    let container = try open(url)
    return try await SQLiteRepository<Movie>(container: container).fetch(FetchDescriptor())
  }

  /// The store's problems (SQLite's `integrity_check`, references, schema); none when sound.
  static func problems(of url: URL) throws -> [String] {
    try StoreInspection(url: url, plan: CatalogMigrationPlan.self).check()
  }

  /// Throws unless the movies' search index holds exactly what the stored movies give: FTS5's
  /// own integrity check, which changes nothing but needs a connection that may write.
  static func checkSearchIndex(of url: URL) throws {
    let connection = try Connection(location: .file(url.path), readOnly: false)
    try connection.execute(SearchIndex(table: "movies", columns: []).integrityCheckStatement)
  }
}
