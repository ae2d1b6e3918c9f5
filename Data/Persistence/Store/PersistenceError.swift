public import PostgresCore
public import SQLiteCore

/// A failure of the Data layer: configuring, opening or querying a store.
///
/// Repositories report these to their callers as `RepositoryError`; container creation
/// throws them directly.
public enum PersistenceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Two configurations were given the same name.
  case duplicateConfiguration(String)
  /// No configuration of the container has this name or stores this model.
  case unknownConfiguration(String)
  /// The store file could not be opened or is not a usable database; it was left untouched.
  case cannotOpen(path: String, reason: String)
  /// A model's schema cannot be inferred or its declaration is wrong.
  case invalidSchema(String)
  /// Migrating the store to the app's schema failed; the store is left as it was.
  case migrationFailed(path: String, reason: String)
  /// A value cannot be stored or read back.
  case invalidValue(String)
  /// A file of an externally stored attribute is missing, unreadable or not a regular file;
  /// the message names the file and, when it was being read for a model, the model and its
  /// identifier. Only the reads that need the file fail.
  case unreadableFile(String)
  /// A predicate or sort cannot be translated to SQL; the message names the expression.
  case unsupportedQuery(String)
  /// SQLite reported a failure that has no meaning of its own here (closing a connection).
  case sqlite(SQLiteError)
  /// A PostgreSQL server reported a failure that has no meaning of its own here, or could
  /// not be reached.
  case postgres(PostgresError)
  /// Another connection, usually another process, held the store's write lock for longer than
  /// the configuration's ``ModelConfiguration/busyTimeout``; `holder` is that process when the
  /// system can tell.
  case busy(path: String, holder: WriteLockHolder?, waited: Duration)
  /// A disk had no room for what had to be written: the one holding the store at `path`, or,
  /// when `temporary`, the one of the temporary folder `path`, where SQLite keeps the files of
  /// large sorts and copies. Nothing was changed.
  case diskFull(path: String, temporary: Bool)
  /// The store was not closed, so as not to drop changes a context staged and did not save:
  /// a context that does not autosave holds some, or their autosave failed; `reason` says
  /// which. Save or roll them back, then close again.
  case unsavedChanges(path: String, reason: String)
  /// The store's container was closed (``ModelContainer/close()``); open a new container to
  /// use the store again.
  case closed(path: String)
  /// What was asked for exists for SQLite stores only, and the configuration names a
  /// PostgreSQL database. These are all of them:
  ///
  /// | Asked for | On a database instead |
  /// |---|---|
  /// | `keepsHistory: false` | the triggers always record it |
  /// | a VFS | — |
  /// | `backupBeforeMigration` | `pg_dump` before the migration |
  /// | ``SQLiteRepository``, ``SQLiteUnitOfWork``, ``SQLiteFamilyRepository`` | ``ModelRepository``, ``ModelUnitOfWork`` |
  case onlyForStoreFiles(configuration: String, feature: String)

  /// A one-line, human-readable description.
  public var description: String {
    switch self {
    case .duplicateConfiguration(let name): "two configurations are named '\(name)'"
    case .unknownConfiguration(let message): message
    case .cannotOpen(let path, let reason): "cannot open the store at \(path): \(reason)"
    case .invalidSchema(let message): "invalid schema: \(message)"
    case .migrationFailed(let path, let reason): "cannot migrate the store at \(path): \(reason); it is unchanged"
    case .invalidValue(let message): "invalid value: \(message)"
    case .unreadableFile(let message): message
    case .unsupportedQuery(let message): "unsupported query: \(message)"
    case .sqlite(let error): error.description
    case .postgres(let error): error.description
    case .busy(let path, let holder, let waited):
      "\(holder.map { "\($0)" } ?? "another process") is writing the store at \(path) and did not finish within "
        + Self.seconds(waited)
    case .diskFull(let path, temporary: false): "the disk holding \(path) is full; free some space on it and try again"
    case .diskFull(let path, temporary: true):
      "the temporary folder \(path) is full; free some space on its disk, or set SQLITE_TMPDIR to a folder with room"
    case .unsavedChanges(let path, let reason): "the store at \(path) is still open: \(reason)"
    case .closed(let path): "the store at \(path) was closed; open it again to use it"
    case .onlyForStoreFiles(let configuration, let feature):
      "\(feature) is for SQLite stores only, and the configuration '\(configuration)' is a PostgreSQL database"
    }
  }

  /// The ``busy(path:holder:waited:)`` error for the store at `path`, naming the process that
  /// holds its write lock when the system tells.
  static func busyStore(at path: String, waited: Duration) -> PersistenceError {
    .busy(path: path, holder: WriteLockHolder(databaseAt: path), waited: waited)
  }

  /// `30 s`, `0.5 s`.
  private static func seconds(_ duration: Duration) -> String {
    let (whole, fraction) = duration.components
    guard fraction != 0 else { return "\(whole) s" }
    return "\(Double(whole) + Double(fraction) / 1e18) s"
  }
}
