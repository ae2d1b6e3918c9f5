import Catalog
import CatalogStorage
public import Foundation
import Persistence
import SQLValues
import SQLiteCore

/// The `movies` command-line app: parses a command line, runs the command, and reports the
/// outcome as output and an exit status.
///
/// Exit status 0 is success, 1 a failed operation (the store is left unchanged), 2 bad usage
/// (an unknown option, or a value on the command line that the catalog refuses), 130 an
/// interruption (Ctrl-C). Errors are one line, `movies: error: …`, without SQL or result codes.
public enum MoviesApplication {
  /// The app's version.
  public static let version = "0.1.0"

  /// Sets up the process for the app: call it once, first thing in `main`, before anything opens
  /// a catalog. SQLite then keeps no count of the memory it holds, and its allocations take no
  /// process-wide lock (``SQLiteLibrary/stopCountingMemory()``): an import of 100,000 movies
  /// takes 6–8% less CPU time. Tests that run the app in their own process skip it.
  public static func prepareProcess() {
    SQLiteLibrary.stopCountingMemory()
  }

  /// Every subcommand, in the order help lists them: registering a command is one line here.
  static let commands: [any MoviesCommand.Type] = [
    AddCommand.self,
    ListCommand.self,
    ShowCommand.self,
    UpdateCommand.self,
    RateCommand.self,
    HeartCommand.self,
    DeleteCommand.self,
    ClearCommand.self,
    StatsCommand.self,
    ImportCommand.self,
    ExportCommand.self,
    HistoryCommand.self,
    WatchCommand.self,
    DemoCommand.self,
    ReviewAddCommand.self,
    ReviewListCommand.self,
    ReviewDeleteCommand.self,
    TagAddCommand.self,
    TagRemoveCommand.self,
    StoreInfoCommand.self,
    StoreMigrateCommand.self,
    StoreCheckCommand.self,
    StoreCopyCommand.self,
  ]

  /// `--store PATH|URL`: the catalog file, or a PostgreSQL database, for every command.
  static let store = Option<String?>(
    "store", valueName: "PATH|URL", help: "The catalog file to use, or a postgres:// database.")

  /// `--verbose`: errors with their technical detail, for every command.
  static let verbose = Flag("verbose", help: "On an error, also print its technical detail (as MOVIES_DEBUG=1 does).")

  /// The root command: global options and the subcommands.
  static let spec = CommandSpec(
    name: "movies",
    abstract: "Keep a catalog of the movies you have seen.",
    discussion: """
      The catalog is a SQLite file: --store PATH, else $MOVIES_STORE, else \
      $XDG_DATA_HOME/movies/catalog.store (~/.local/share/movies/catalog.store); \
      or a PostgreSQL database: --store postgres://user@host/database (or MOVIES_STORE). \
      A command that finds another process writing the catalog waits for it up to \
      $MOVIES_BUSY_TIMEOUT seconds (default: \(defaultBusyTimeout.components.seconds)).
      Exit status: 0 success; 1 the operation failed (the catalog is left as it was); \
      2 bad usage: an unknown option or a value the command refuses; 130 interrupted (Ctrl-C; 143 SIGTERM, 129 SIGHUP).
      """,
    version: "movies \(version)",
    arguments: [store.spec, verbose.spec],
    subcommands: CommandConfiguration.tree(of: commands.map { $0.configuration })
  )

  /// The arguments a command may read: the global ones and its own.
  static func declaredArguments(of command: any MoviesCommand.Type) -> [ArgumentSpec] {
    spec.arguments + command.configuration.arguments.map(\.spec)
  }

  /// How long a command waits for another process writing the catalog, unless
  /// `MOVIES_BUSY_TIMEOUT` says otherwise.
  static let defaultBusyTimeout = Duration.seconds(30)

  /// The environment variables the app reads.
  static let environmentVariables: Set<String> = [
    "MOVIES_STORE", "XDG_DATA_HOME", "HOME", "MOVIES_BUSY_TIMEOUT", "MOVIES_DEBUG",
  ]

  /// Runs the app with a command line and environment (`NAME=VALUE` entries) as the system
  /// passed them (without the program name), and returns the exit status; an argument, or a
  /// variable the app reads, that is not UTF-8 is a usage error.
  public static func run(
    argumentBytes: [[UInt8]],
    environmentBytes: [[UInt8]],
    console: Console = .standard
  ) async -> Int32 {
    do {
      let arguments = try CommandLineText.decode(argumentBytes, command: spec.name)
      let environment = try CommandLineText.decodeEnvironment(
        environmentBytes, used: environmentVariables, command: spec.name)
      return await run(arguments: arguments, environment: environment, console: console)
    } catch {
      return fail(with: error, verbose: false, console: console)
    }
  }

  /// Runs the app with a command line (without the program name) and returns the exit status.
  public static func run(
    arguments: [String],
    environment: [String: String] = ProcessInfo.processInfo.environment,
    console: Console = .standard
  ) async -> Int32 {
    let help = HelpFormatter(root: spec)
    var verbose = environment["MOVIES_DEBUG"].map { !$0.isEmpty && $0 != "0" } ?? false
    // Every catalog a command opens is closed when it ends; a command that fails leaves behind
    // no store it created.
    let opened = OpenedCatalogs()
    do {
      switch try ArgumentParser(root: spec).parse(arguments) {
      case .version(let version):
        console.line(version)
        return 0
      case .help(let path):
        console.show(help.help(for: path) + "\n")
        return 0
      case .run(let path, let parsed):
        guard let command = commands.first(where: { $0.configuration.path == path }) else {
          console.show(help.help(for: path) + "\n")
          return 0
        }
        let arguments = CommandArguments(parsed, declared: declaredArguments(of: command))
        if try arguments[Self.verbose] { verbose = true }
        let context = CommandContext(
          console: console,
          store: try StoreLocation.choose(option: arguments[Self.store], environment: environment, command: path),
          environment: environment,
          busyTimeout: try busyTimeout(environment: environment), opened: opened)
        try await command.init(arguments).run(in: context)
        try opened.finish(failed: false)
        return 0
      }
    } catch {
      // Closing again after a close that failed does nothing.
      try? opened.finish(failed: true)
      return fail(with: error, verbose: verbose, console: console)
    }
  }

  /// The wait for another writer that `MOVIES_BUSY_TIMEOUT` asks for, in seconds, else the
  /// default.
  ///
  /// - Throws: ``UsageError`` if it is not a number of seconds from 0 to a day.
  static func busyTimeout(environment: [String: String]) throws(UsageError) -> Duration {
    guard let text = environment["MOVIES_BUSY_TIMEOUT"], !text.isEmpty else { return defaultBusyTimeout }
    guard let seconds = Double(text), seconds >= 0, seconds <= 86_400 else {
      throw UsageError(
        command: spec.name,
        problem: .invalidValue(
          argument: "MOVIES_BUSY_TIMEOUT", expected: "a number of seconds from 0 to 86400", value: text))
    }
    return .milliseconds(Int64((seconds * 1000).rounded()))
  }
}
