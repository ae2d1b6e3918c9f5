import Foundation
import PostgresCore
import Testing

/// A throwaway PostgreSQL cluster for the tests: made with `initdb` in a temporary folder at
/// the first use, listening on a free loopback port only, and stopped — its folder removed —
/// when the test process ends, however it ends.
///
/// Run as root (as CI does), the cluster runs as `nobody`, since PostgreSQL refuses to run as
/// root. Without PostgreSQL's server programs installed, ``installation`` is `nil` and the
/// suites that need a server are skipped, saying so.
enum PostgresTestServer {
  /// The folder of PostgreSQL's server programs (`initdb`, `postgres`): `$POSTGRES_BIN`, else
  /// the newest `/usr/lib/postgresql/<version>/bin`; `nil` when they are not installed.
  static let installation: URL? = {
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

  /// The running cluster, started at the first use; a cluster that could not start is an error
  /// every test that needs it reports.
  static let cluster: Result<Cluster, any Error> = Result { try Cluster.start() }

  /// A new, empty database on the cluster, and its connection URL.
  static func makeDatabase() throws -> String {
    try cluster.get().makeDatabase()
  }

  /// A running cluster.
  struct Cluster: Sendable {
    /// The loopback port it listens on.
    let port: Int

    /// A URL that connects to a database of the cluster as its superuser.
    func url(database: String) -> String { "postgresql://postgres@127.0.0.1:\(port)/\(database)" }

    /// Creates a database with a fresh name and returns its URL.
    func makeDatabase() throws -> String {
      let name = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
      try PostgresConnection(url: url(database: "postgres")).execute("CREATE DATABASE \(name)")
      return url(database: name)
    }

    /// Makes a cluster in a temporary folder and starts its server.
    static func start() throws -> Cluster {
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
      try launch(asServerUser, bin: bin, folder: folder, port: port)
      let cluster = Cluster(port: port)
      try cluster.waitUntilReady(log: folder.appendingPathComponent("server.log"))
      return cluster
    }

    /// Waits until the server accepts connections, at most 30 seconds.
    private func waitUntilReady(log: URL) throws {
      let deadline = Date().addingTimeInterval(30)
      var lastError: PostgresError?
      let failed = log.deletingLastPathComponent().appendingPathComponent("initdb.failed")
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
      throw PostgresError(code: nil, message: "the test server did not start: \(lastError?.message ?? "") \(tail)")
    }
  }

  /// The write end of the pipe the server's keeper reads: held open for the whole process, so
  /// its end — whatever ends it, `kill -9` included — closes it, and the keeper stops the
  /// server and removes its folder.
  ///
  /// `nonisolated(unsafe)` is safe: it is written once, by ``launch(_:bin:folder:port:)``,
  /// which runs only inside the one-time initializer of ``cluster`` (Swift runs a static's
  /// initializer once, whatever the threads), and never read.
  nonisolated(unsafe) private static var keeperPipe: Pipe?

  /// Makes the cluster and starts its server under a keeper shell, which stops the server and
  /// removes the folder when the test process ends — even while `initdb` still runs.
  private static func launch(_ asServerUser: [String], bin: URL, folder: URL, port: Int) throws {
    let script = """
      if ! "$@" "$BIN/initdb" -D "$DATA" -U postgres --auth=trust -E UTF8 --locale=C --no-sync \
        >"$FOLDER/initdb.log" 2>&1; then
        cp "$FOLDER/initdb.log" "$FOLDER/initdb.failed"
        read -r _ || true
        rm -rf "$FOLDER"
        exit 1
      fi
      "$@" "$BIN/postgres" -D "$DATA" -p "$PORT" -k "$FOLDER" -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off \
        -c synchronous_commit=off -c full_page_writes=off >"$FOLDER/server.log" 2>&1 &
      server=$!
      read -r _ || true
      kill -INT "$server" 2>/dev/null
      # The server removes its pid file when it has shut down. (Not `wait`: the shell inherits
      # the test process's blocked signals, so it may never see the server end.)
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
      "PATH": "/usr/bin:/bin",
    ]
    keeper.standardInput = pipe
    keeper.standardOutput = FileHandle.nullDevice
    keeper.standardError = FileHandle.nullDevice
    try keeper.run()
    keeperPipe = pipe
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

extension Trait where Self == ConditionTrait {
  /// Runs a suite only where PostgreSQL's server is installed, and says why it is skipped
  /// elsewhere.
  static var needsPostgreSQL: Self {
    .enabled(
      if: PostgresTestServer.installation != nil,
      "PostgreSQL's server is not installed (apt-get install postgresql): the PostgreSQL tests are skipped")
  }
}

extension PostgresTestServer {
  /// A new, empty schema in one shared database of the cluster, and a URL whose connections
  /// use it: cheaper than a database for each of many checks.
  static func makeSchema() throws -> String {
    let url = try sharedDatabase.get()
    let name = "check_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    try PostgresConnection(url: url).execute("CREATE SCHEMA \(name)")
    return url + "?options=-csearch_path%3D\(name)"
  }

  /// The database the schemas of ``makeSchema()`` are made in.
  private static let sharedDatabase: Result<String, any Error> = Result { try makeDatabase() }
}
