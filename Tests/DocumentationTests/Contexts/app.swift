// The context of a snippet that uses the sample app: top-level code (statements and
// declarations) that sees every module of the app, as a file of the app's own module
// (MoviesCLI) would — its internal types (`MoviesCommand`, `CommandContext`) included, through
// `@testable`, which the debug build the tests run on allows.
import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories
import SQLValues
import SQLiteCore

@testable import MoviesCLI

// snippet
