// The context of a snippet that uses the sample app: top-level code (statements and
// declarations) that sees every module of the app, as a file of its composition root would.
import Catalog
import CatalogStorage
import Foundation
import MoviesCLI
import Persistence
import Repositories

// snippet
