// The context of a snippet that declares how the catalog's models are stored: top-level code
// that sees the catalog's domain and the engine, but not the catalog's own storage
// declarations (CatalogStorage), which the snippet writes again.
import Catalog
import Foundation
import Persistence

// snippet
