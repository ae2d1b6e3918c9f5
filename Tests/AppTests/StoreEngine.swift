import Foundation
import PostgresServer
import Testing

/// The engine a command-line test's catalog is stored on: the tests about the catalog's
/// behaviour take each (`@Test(arguments: StoreEngine.allCases)`) and must print the same on
/// both.
enum StoreEngine: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// A SQLite store file in the test's folder.
  case file
  /// A fresh schema of a database on the tests' throwaway PostgreSQL cluster.
  case postgres

  var testDescription: String { rawValue }

  /// A new, empty store on this engine: a file path in `folder` named for `name`, or the URL of
  /// a fresh schema.
  ///
  /// Cancels the test case, with a message saying why, where PostgreSQL's server is not
  /// installed: it is skipped, never passed silently.
  func makeStore(named name: String, in folder: URL) throws -> String {
    switch self {
    case .file: return folder.appendingPathComponent("\(name).store").path
    case .postgres:
      guard ThrowawayPostgres.installation != nil else {
        try Test.cancel("PostgreSQL's server is not installed (apt-get install postgresql): its case is skipped")
      }
      return try ThrowawayPostgres.makeSchema(in: Self.sharedDatabase.get(), prefix: "cli").url
    }
  }

  /// The database the tests' schemas are made in: one per test process, since a schema is
  /// made far faster than a database.
  private static let sharedDatabase: Result<String, any Error> = Result { try ThrowawayPostgres.makeDatabase() }
}
