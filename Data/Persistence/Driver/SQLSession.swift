import SQLValues

/// A connection to one database as the engine's shared mechanisms use it: statements with `?`
/// parameters, values as ``SQLValue``, and the few facts that each database tells its own way.
///
/// A mechanism written against it — such as ``IncompleteMark`` — exists once for both
/// databases. Each database's connection conforms in that database's folder: SQLite's in
/// `Store/`, PostgreSQL's in `PostgreSQL/` (which numbers the parameters and keeps text in its
/// stored form). Files of this folder import neither database's core.
protocol SQLSession {
  /// Runs statements that take no parameters and return no rows.
  func execute(_ sql: String) throws

  /// Runs one statement with its `?` parameters bound to `values`, and returns its rows.
  func rows(_ sql: String, _ values: [SQLValue]) throws -> [[SQLValue]]

  /// Whether the database has a table of that name where the engine's unqualified names
  /// find it.
  func hasTable(named name: String) throws -> Bool

  /// Whether `error`, thrown by a `CREATE`, says that another session made the same object
  /// meanwhile (which a database that runs one writer at a time never says).
  func madeElsewhere(_ error: any Error) -> Bool
}
