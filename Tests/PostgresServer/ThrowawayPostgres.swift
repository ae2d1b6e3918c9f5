public import Foundation
import PostgresCore
import Synchronization

/// A throwaway PostgreSQL cluster, for the tests and the benchmarks: made with `initdb` in a
/// temporary folder, listening on a free loopback port only, and stopped — its folder removed —
/// when the process that started it ends, however it ends.
///
/// Run as root (as CI does), the cluster runs as `nobody`, since PostgreSQL refuses to run as
/// root. Without PostgreSQL's server programs installed, ``installation`` is `nil` and
/// ``Cluster/start(durable:)`` throws.
public enum ThrowawayPostgres {
  /// The folder of PostgreSQL's server programs (`initdb`, `postgres`): `$POSTGRES_BIN`, else
  /// the newest `/usr/lib/postgresql/<version>/bin`; `nil` when they are not installed.
  public static let installation: URL? = {
    let manager = FileManager.default
    if let given = ProcessInfo.processInfo.environment["POSTGRES_BIN"] {
      return URL(fileURLWithPath: given, isDirectory: true)
    }
    let root = URL(fileURLWithPath: "/usr/lib/postgresql", isDirectory: true)
    let versions = (try? manager.contentsOfDirectory(atPath: root.path)) ?? []
    return versions.compactMap(Int.init).sorted().reversed().lazy
      .map { root.appendingPathComponent("\($0)/bin", isDirectory: true) }
      .first { manager.isExecutableFile(atPath: $0.appendingPathComponent("initdb").path) }
  }()

  /// The process's shared cluster for tests, started at the first use without syncing to disk
  /// (nothing in it outlives the process); a cluster that could not start is an error every
  /// test that needs it reports.
  public static let cluster: Result<Cluster, any Error> = Result { try Cluster.start(durable: false) }

  /// A new, empty database on the shared cluster, and its connection URL.
  public static func makeDatabase() throws -> String {
    try cluster.get().makeDatabase()
  }

  /// Creates a schema with a fresh name in the database at `url`, and returns a URL whose
  /// connections work in it (their `search_path`), so that several runs share one database
  /// without meeting.
  ///
  /// - Throws: ``PostgresError`` if the server cannot be reached or refuses the schema.
  public static func makeSchema(in url: String, prefix: String) throws -> (name: String, url: String) {
    let name = prefix + "_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    try PostgresConnection(url: url).execute("CREATE SCHEMA \(name)")
    return (name, url + (url.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(name)")
  }

  /// A running cluster.
  public struct Cluster: Sendable {
    /// The loopback port it listens on.
    public let port: Int
    /// The folder it was made in: its data in `data`, its socket and its server's log.
    private let folder: URL

    /// A URL that connects to a database of the cluster as its superuser.
    public func url(database: String) -> String { "postgresql://postgres@127.0.0.1:\(port)/\(database)" }

    /// Creates a database with a fresh name and returns its URL.
    public func makeDatabase() throws -> String {
      let name = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
      try PostgresConnection(url: url(database: "postgres")).execute("CREATE DATABASE \(name)")
      return url(database: name)
    }

    /// Makes a cluster in a temporary folder and starts its server, which stops when this
    /// process ends.
    ///
    /// - Parameter durable: `true` keeps PostgreSQL's defaults, a commit synced to disk before
    ///   it returns, as a measurement needs (SQLite syncs each commit too); `false` syncs
    ///   nothing, which is faster, for tests.
    /// - Throws: ``PostgresError`` if PostgreSQL's server is not installed, `initdb` fails, or
    ///   the server does not accept connections within 30 seconds.
    public static func start(durable: Bool) throws -> Cluster {
      guard let bin = installation else {
        throw PostgresError(code: nil, message: "PostgreSQL's server is not installed")
      }
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("movies-postgres-\(UUID().uuidString)", isDirectory: true)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
      // PostgreSQL refuses to run as root: the cluster then belongs to, and runs as, nobody.
      let asServerUser =
        getuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"] : []
      if getuid() == 0 { _ = chown(folder.path, 65534, 65534) }
      let port = try freePort()
      let settings = durable ? "" : "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
      try launch(asServerUser, bin: bin, folder: folder, port: port, settings: settings)
      let cluster = Cluster(port: port, folder: folder)
      try cluster.waitUntilReady()
      return cluster
    }

    /// Stops the server at once, as a crash would (`pg_ctl stop -m immediate`), and returns
    /// when it has: its sessions are cut off mid-statement, and what they had not committed is
    /// lost; the data stays for ``restart()``, which recovers it from the write-ahead log. Other
    /// tests' databases on the cluster go down with it: stop only a cluster of your own.
    ///
    /// - Throws: ``PostgresError`` if the server is still running 30 seconds on.
    public func stop() throws {
      try tellKeeper("stop")
      let pidFile = folder.appendingPathComponent("data/postmaster.pid").path
      // The server removes its pid file last.
      let deadline = Date().addingTimeInterval(30)
      while FileManager.default.fileExists(atPath: pidFile) && Date() < deadline { usleep(20_000) }
      guard !FileManager.default.fileExists(atPath: pidFile) else {
        throw PostgresError(code: nil, message: "the throwaway server did not stop")
      }
    }

    /// Starts the stopped server again, on the same port, and waits until it accepts
    /// connections.
    ///
    /// - Throws: ``PostgresError`` if the server does not accept connections within 30 seconds.
    public func restart() throws {
      try tellKeeper("start")
      try waitUntilReady()
    }

    /// Asks the cluster's keeper to `stop` or `start` the server: the keeper runs it, so no
    /// program of this process outlives the process.
    private func tellKeeper(_ command: String) throws {
      guard let pipe = keeperPipes.withLock({ $0[port] }) else {
        throw PostgresError(code: nil, message: "no keeper runs the throwaway server on port \(port)")
      }
      try pipe.fileHandleForWriting.write(contentsOf: Data((command + "\n").utf8))
    }

    /// Waits until the server accepts connections, at most 30 seconds.
    private func waitUntilReady() throws {
      let deadline = Date().addingTimeInterval(30)
      var lastError: PostgresError?
      let log = folder.appendingPathComponent("server.log")
      let failed = folder.appendingPathComponent("initdb.failed")
      while Date() < deadline {
        if FileManager.default.fileExists(atPath: failed.path) {
          let text = (try? String(contentsOf: failed, encoding: .utf8)) ?? ""
          throw PostgresError(code: nil, message: "initdb failed: \(text)")
        }
        do {
          _ = try PostgresConnection(url: url(database: "postgres"))
          return
        } catch {
          lastError = error
          usleep(50_000)
        }
      }
      let tail = (try? String(contentsOf: log, encoding: .utf8)).map { String($0.suffix(2_000)) } ?? ""
      throw PostgresError(
        code: nil, message: "the throwaway server did not start: \(lastError?.message ?? "") \(tail)")
    }
  }

  /// The write ends of the pipes the servers' keepers read, by port: held open for the whole
  /// process, so its end — whatever ends it, `kill -9` included — closes them, and each keeper
  /// stops its server and removes its folder. Meanwhile a keeper reads `stop` and `start`
  /// from its pipe, for ``Cluster/stop()`` and ``Cluster/restart()``.
  private static let keeperPipes = Mutex<[Int: Pipe]>([:])

  /// Makes the cluster and starts its server under a keeper shell, which stops the server and
  /// removes the folder when this process ends — even while `initdb` still runs — and stops
  /// and starts it again when asked.
  private static func launch(_ asServerUser: [String], bin: URL, folder: URL, port: Int, settings: String) throws {
    let script = """
      if ! "$@" "$BIN/initdb" -D "$DATA" -U postgres --auth=trust -E UTF8 --locale=C --no-sync \
        >"$FOLDER/initdb.log" 2>&1; then
        cp "$FOLDER/initdb.log" "$FOLDER/initdb.failed"
        read -r _ || true
        rm -rf "$FOLDER"
        exit 1
      fi
      start() {
        "$@" "$BIN/postgres" -D "$DATA" -p "$PORT" -k "$FOLDER" -c listen_addresses=127.0.0.1 -c max_connections=300 \
          $SETTINGS >>"$FOLDER/server.log" 2>&1 &
        server=$!
      }
      start "$@"
      while read -r command; do
        case "$command" in
          stop) "$@" "$BIN/pg_ctl" stop -D "$DATA" -m immediate -w >>"$FOLDER/server.log" 2>&1 ;;
          start) start "$@" ;;
        esac
      done
      kill -INT "$server" 2>/dev/null
      # The server removes its pid file when it has shut down. (Not `wait`: the shell inherits
      # the starting process's blocked signals, so it may never see the server end.)
      tries=0
      while [ -e "$DATA/postmaster.pid" ] && [ "$tries" -lt 300 ]; do sleep 0.1; tries=$((tries + 1)); done
      kill -KILL "$server" 2>/dev/null
      rm -rf "$FOLDER"
      """
    let pipe = Pipe()
    let keeper = Process()
    keeper.executableURL = URL(fileURLWithPath: "/bin/sh")
    keeper.arguments = ["-c", script, "keeper"] + asServerUser
    keeper.environment = [
      "BIN": bin.path, "DATA": folder.appendingPathComponent("data").path, "PORT": "\(port)", "FOLDER": folder.path,
      "PATH": "/usr/bin:/bin", "SETTINGS": settings,
    ]
    keeper.standardInput = pipe
    keeper.standardOutput = FileHandle.nullDevice
    keeper.standardError = FileHandle.nullDevice
    try keeper.run()
    keeperPipes.withLock { $0[port] = pipe }
  }

  /// A loopback port no one listens on now.
  private static func freePort() throws -> Int {
    let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw PostgresError(code: nil, message: "no socket for a free port") }
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
        bind(socket, generic, length) == 0 && getsockname(socket, generic, &length) == 0
      }
    }
    guard bound else { throw PostgresError(code: nil, message: "no free loopback port") }
    return Int(UInt16(bigEndian: address.sin_port))
  }
}
