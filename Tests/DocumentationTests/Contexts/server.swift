// The context of a snippet that stores movies on a PostgreSQL server: the body of a function
// given the server's connection URL.
import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories

func snippet(url: String) async throws {
  // snippet
}
