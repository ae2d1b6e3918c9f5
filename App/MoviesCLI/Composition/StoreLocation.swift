import Foundation

/// Where a catalog lives: a store file, or a database on a PostgreSQL server.
enum StoreLocation: Sendable, Equatable {
  /// A SQLite store file.
  case file(URL)
  /// A PostgreSQL database, by its connection URL (`postgres://user@host:port/database`).
  case server(String)

  /// Decides which store the app opens.
  ///
  /// In order: `--store`, the `MOVIES_STORE` environment variable, then
  /// `$XDG_DATA_HOME/movies/catalog.store`, else `~/.local/share/movies/catalog.store`. A value
  /// that starts with `postgres://` or `postgresql://` names a PostgreSQL database; any other, a
  /// file. An empty `--store` is a usage error; an empty `MOVIES_STORE` counts as unset, as
  /// shells treat empty variables.
  ///
  /// - Throws: ``UsageError`` for an empty `--store`, or a store path ending in `/`.
  static func choose(
    option: String?, environment: [String: String], command: [String]
  ) throws(UsageError) -> StoreLocation {
    let given = option ?? environment["MOVIES_STORE"].flatMap { $0.isEmpty ? nil : $0 }
    if let given, isServer(given) { return .server(given) }
    return .file(try url(option: option, environment: environment, command: command))
  }

  /// The store a command-line value names (as `--to` does): a PostgreSQL connection URL, or
  /// a file path.
  ///
  /// - Throws: ``UsageError`` naming `argument` for an empty value, or a path ending in `/`.
  static func named(_ value: String, argument: String, command: [String]) throws(UsageError) -> StoreLocation {
    isServer(value) ? .server(value) : .file(try file(value, named: argument, command: command))
  }

  /// Whether a store value is a PostgreSQL connection URL.
  static func isServer(_ value: String) -> Bool {
    value.hasPrefix("postgres://") || value.hasPrefix("postgresql://")
  }

  /// The store file, for a command that needs one.
  ///
  /// - Throws: ``AppError/needsStoreFile(command:)`` for a PostgreSQL database.
  func file(for command: String) throws -> URL {
    guard case .file(let url) = self else { throw AppError.needsStoreFile(command: command) }
    return url
  }

  /// The store file for these arguments and environment.
  ///
  /// - Throws: ``UsageError`` for an empty `--store`, or a store path ending in `/`.
  private static func url(option: String?, environment: [String: String], command: [String]) throws(UsageError) -> URL {
    if let option { return try file(option, named: "--store", command: command) }
    if let path = environment["MOVIES_STORE"], !path.isEmpty {
      return try file(path, named: "MOVIES_STORE", command: command)
    }
    return dataDirectory(environment: environment)
      .appendingPathComponent("movies", isDirectory: true)
      .appendingPathComponent("catalog.store")
  }

  /// The store file a path names, given as `argument`.
  ///
  /// - Throws: ``UsageError`` for an empty path, or one ending in `/`.
  private static func file(_ path: String, named argument: String, command: [String]) throws(UsageError) -> URL {
    // A path ending in `/` names a folder (URL would drop the `/` and name a file).
    guard !path.isEmpty, !path.hasSuffix("/") else {
      throw UsageError(
        command: (["movies"] + command).joined(separator: " "),
        problem: .invalidValue(
          argument: argument, expected: path.isEmpty ? "a file path" : "a file path, not a folder (it ends in /)",
          value: path))
    }
    return url(of: path)
  }

  /// The URL of a path, made absolute without folding `..` by its letters (URL would): after a
  /// symbolic link, `..` is the parent of the link's target, as the file system resolves it.
  private static func url(of path: String) -> URL {
    URL(fileURLWithPath: path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
  }

  /// The user's data directory, as the XDG Base Directory specification defines it.
  static func dataDirectory(environment: [String: String]) -> URL {
    if let path = environment["XDG_DATA_HOME"], path.hasPrefix("/") {
      return URL(fileURLWithPath: path, isDirectory: true)
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return URL(fileURLWithPath: home, isDirectory: true)
      .appendingPathComponent(".local/share", isDirectory: true)
  }
}
