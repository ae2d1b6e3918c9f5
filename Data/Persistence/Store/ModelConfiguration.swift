public import Foundation

/// Describes one store: its name, where it lives, whether it may be written, and which
/// model types it holds.
///
/// Each configuration of a ``ModelContainer`` is one SQLite file, one in-memory database, or
/// one PostgreSQL database (a `postgres://` URL); repositories are bound to a configuration by
/// name.
///
/// <!-- snippet context: movies -->
/// ```swift
/// let catalog = ModelConfiguration("Catalog", url: URL(filePath: "/tmp/catalog.store"))
/// let scratch = ModelConfiguration("Scratch", isStoredInMemoryOnly: true)
/// ```
public struct ModelConfiguration: Sendable {
  /// Where a store's data lives.
  public enum Location: Sendable, Hashable {
    /// A SQLite file at a URL; its folder is created if missing.
    case file(URL)
    /// A private in-memory database, discarded with its container.
    case inMemory
    /// A PostgreSQL database, at a `postgres://` or `postgresql://` URL (libpq's connection
    /// URI: user, password, host, port, database, and parameters such as `sslmode`).
    case server(URL)
  }

  /// The configuration's name, unique within a container.
  public let name: String
  /// Where the store lives.
  public let location: Location
  /// Whether the store may be written; a read-only store is never created or changed.
  public let allowsSave: Bool
  /// Whether a missing store file is created (with any missing folders above it); when not,
  /// opening a missing store fails, leaving no file or folder behind.
  public let allowsCreation: Bool
  /// The models this store holds; `nil` means every model of the container.
  public let schema: Schema?
  /// Whether the store records every committed transaction in its history (see
  /// ``ModelContainer/fetchHistory(after:authors:limit:changeLimit:configuration:)``); on by default, as in
  /// SwiftData. Off, writes skip that bookkeeping.
  public let keepsHistory: Bool
  /// The name of the SQLite [VFS](https://www.sqlite.org/vfs.html) that reads and writes the
  /// store's file, as registered with `sqlite3_vfs_register`; `nil`, the default, is the
  /// system's. Tests set it to a VFS that injects I/O faults; an unknown name makes opening
  /// the store fail.
  ///
  /// <!-- snippet context: movies -->
  /// ```swift
  /// var configuration = ModelConfiguration("Catalog", url: storeURL)
  /// configuration.vfs = "unix-excl"
  /// ```
  public var vfs: String?
  /// How long a write waits for another connection — usually another process — that holds the
  /// store's write lock, retrying with growing pauses, before it fails with
  /// ``PersistenceError/busy(path:holder:waited:)``. Five seconds by default.
  public let busyTimeout: Duration

  /// Whether the store's observers hear of other processes' commits from the kernel's file
  /// events (Linux's inotify) where it has them; off, the store is checked at the observers'
  /// interval, as everywhere else. Tests turn it off to run the fallback.
  package var watchesFileEvents = true

  /// The default of ``busyTimeout``.
  public static let defaultBusyTimeout = Duration.seconds(5)

  /// Describes a store in a file.
  ///
  /// The path is resolved to the real file (symbolic links followed) when the store opens, and
  /// the store's external files live beside that real file. A store created here is private to
  /// the user (`0600`, its new folders `0700`), whatever the umask.
  public init(
    _ name: String = "default", schema: Schema? = nil, url: URL, allowsSave: Bool = true,
    allowsCreation: Bool = true, keepsHistory: Bool = true, busyTimeout: Duration = defaultBusyTimeout
  ) {
    self.name = name
    self.busyTimeout = busyTimeout
    self.keepsHistory = keepsHistory
    self.schema = schema
    self.location = Self.serverSchemes.contains(url.scheme?.lowercased() ?? "") ? .server(url) : .file(url)
    self.allowsSave = allowsSave
    self.allowsCreation = allowsSave && allowsCreation
  }

  /// Describes a store that lives in memory only or, when `isStoredInMemoryOnly` is `false`,
  /// a store in the default location: `<name>.store` in the user's data directory
  /// (`$XDG_DATA_HOME`, else `~/.local/share`).
  public init(
    _ name: String = "default", schema: Schema? = nil, isStoredInMemoryOnly: Bool, keepsHistory: Bool = true,
    busyTimeout: Duration = defaultBusyTimeout
  ) {
    self.name = name
    self.busyTimeout = busyTimeout
    self.keepsHistory = keepsHistory
    self.schema = schema
    self.location = isStoredInMemoryOnly ? .inMemory : .file(Self.defaultURL(name: name))
    self.allowsSave = true
    self.allowsCreation = true
  }

  /// `<name>.store` in the user's data directory.
  static func defaultURL(name: String) -> URL {
    let environment = ProcessInfo.processInfo.environment
    let directory =
      environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0, isDirectory: true) : nil }
      ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share", isDirectory: true)
    return directory.appendingPathComponent("\(name).store")
  }

  /// The store's URL, as SwiftData's `ModelConfiguration.url` gives it: the file of a
  /// ``Location/file(_:)`` store as given (not yet resolved through symbolic links), a
  /// database's URL, and `/dev/null` for an in-memory store, which has no file.
  public var url: URL {
    switch location {
    case .file(let url), .server(let url): url
    case .inMemory: URL(fileURLWithPath: "/dev/null")
    }
  }

  /// Whether the store lives in memory only, as SwiftData's `isStoredInMemoryOnly` says.
  public var isStoredInMemoryOnly: Bool { location == .inMemory }

  /// The file's path, `:memory:`, or the database's URL without its password.
  var path: String {
    switch location {
    case .file(let url): url.path
    case .inMemory: ":memory:"
    case .server(let url): PostgresStore.displayURL(of: url.absoluteString)
    }
  }

  /// The URL schemes that name a PostgreSQL database.
  static let serverSchemes: Set<String> = ["postgres", "postgresql"]
}
