extension ModelConfiguration {
  /// Whether the configuration names a PostgreSQL database.
  var isServer: Bool {
    if case .server = location { true } else { false }
  }

  /// Refuses, for a PostgreSQL database, the options that only a SQLite store has, rather than
  /// let them go unheeded: a database always keeps its history (its triggers write it), has no
  /// VFS, and is backed up with `pg_dump`.
  ///
  /// - Throws: ``PersistenceError/onlyForStoreFiles(configuration:feature:)`` naming the option.
  func checkServerOptions(backupBeforeMigration: Bool) throws(PersistenceError) {
    guard case .server = location else { return }
    let refused: [(Bool, String)] = [
      (!keepsHistory, "keepsHistory: false"),
      (vfs != nil, "a VFS"),
      (backupBeforeMigration, "backupBeforeMigration (back a database up with pg_dump)"),
    ]
    if let (_, option) = refused.first(where: \.0) {
      throw .onlyForStoreFiles(configuration: name, feature: option)
    }
  }
}
