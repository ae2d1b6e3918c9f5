import Domain
import Foundation
import Persistence

/// The `movies` command-line app: parses a command line, runs the command, and reports the
/// outcome as output and an exit status.
///
/// Exit status 0 is success, 1 a failed operation (the store is left unchanged), 2 bad usage.
public enum MoviesApplication {
  /// The app's version.
  public static let version = "0.1.0"

  /// Every subcommand, in the order help lists them.
  static let commands: [any MoviesCommand.Type] = [
    AddCommand.self, ListCommand.self, ShowCommand.self, UpdateCommand.self, RateCommand.self,
    HeartCommand.self, DeleteCommand.self, ClearCommand.self, StatsCommand.self, ImportCommand.self,
    ExportCommand.self, HistoryCommand.self, WatchCommand.self, DemoCommand.self,
    ReviewAddCommand.self, ReviewListCommand.self, ReviewDeleteCommand.self, TagAddCommand.self,
    TagRemoveCommand.self, StoreInfoCommand.self, StoreMigrateCommand.self, StoreCheckCommand.self,
  ]

  /// `movies store …`: the group of commands about the catalog file itself.
  static let storeGroup = CommandSpec(
    name: "store",
    abstract: "Inspect, migrate and check the catalog file.",
    subcommands: [StoreInfoCommand.spec, StoreMigrateCommand.spec, StoreCheckCommand.spec]
  )

  /// `movies tag …`: the group of tag commands.
  static let tagGroup = CommandSpec(
    name: "tag",
    abstract: "Tag movies and take tags off them.",
    subcommands: [TagAddCommand.spec, TagRemoveCommand.spec]
  )

  /// `movies review …`: the group of review commands.
  static let reviewGroup = CommandSpec(
    name: "review",
    abstract: "Add, list and delete the reviews of a movie.",
    subcommands: [ReviewAddCommand.spec, ReviewListCommand.spec, ReviewDeleteCommand.spec]
  )

  /// The root command: global options and the subcommands.
  static let spec = CommandSpec(
    name: "movies",
    abstract: "Keep a catalog of the movies you have seen.",
    discussion: """
      The catalog is a SQLite file: --store PATH, else $MOVIES_STORE, else \
      $XDG_DATA_HOME/movies/catalog.store (~/.local/share/movies/catalog.store).
      """,
    version: "movies \(version)",
    arguments: [.option("store", valueName: "PATH", help: "The catalog file to use.")],
    subcommands: commands.filter { $0.path.count == 1 }.map { $0.spec } + [reviewGroup, tagGroup, storeGroup]
  )

  /// Runs the app with a command line (without the program name) and returns the exit status.
  public static func run(
    arguments: [String],
    environment: [String: String] = ProcessInfo.processInfo.environment,
    console: Console = .standard
  ) async -> Int32 {
    let help = HelpFormatter(root: spec)
    do {
      switch try ArgumentParser(root: spec).parse(arguments) {
      case .version(let version):
        console.line(version)
        return 0
      case .help(let path):
        console.line(help.help(for: path))
        return 0
      case .run(let path, let parsed):
        guard let command = commands.first(where: { $0.path == path }) else {
          console.line(help.help(for: path))
          return 0
        }
        let context = CommandContext(
          console: console,
          storeURL: try StoreLocation.url(option: parsed.string("store"), environment: environment, command: path),
          environment: environment)
        try await command.init(parsed).run(in: context)
        return 0
      }
    } catch {
      let (message, status) = report(error)
      console.writeError(message + "\n")
      return status
    }
  }

  /// The one line and the exit status for an error.
  static func report(_ error: any Error) -> (String, Int32) {
    switch error {
    case let error as UsageError:
      return ("\(error)", UsageError.exitStatus)
    case CatalogError.movieNotFound, CatalogError.duplicateMovie, CatalogError.reviewNotFound,
      CatalogError.invalidImport:
      return ("movies: error: \(error)", 1)
    case let error as CatalogError:
      return ("movies: error: \(error)", 2)
    case let error as RepositoryError:
      return ("movies: error: \(error)", 1)
    case let error as PersistenceError:
      return ("movies: error: \(error)", 1)
    case AppError.interrupted:
      return ("movies: \(error)", AppError.interruptedStatus)
    case let error as AppError:
      return ("movies: error: \(error)", 1)
    case let error as ImportProblem:
      return ("movies: error: \(error)", 1)

    default:
      return ("movies: error: \(error)", 1)
    }
  }
}
