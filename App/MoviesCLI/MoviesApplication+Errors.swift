import Catalog
import CatalogStorage
import Persistence
import Repositories
import SQLValues
import SQLiteCore

extension MoviesApplication {
  /// Reports an error on standard error, with its technical detail when `verbose`, and returns
  /// the exit status.
  static func fail(with error: any Error, verbose: Bool, console: Console) -> Int32 {
    let (message, status) = report(error)
    console.errorLine(message)
    if verbose { console.errorLine(ElidedText.line("movies: detail: \(technicalDetail(of: error))")) }
    return status
  }

  /// The one line and the exit status for an error: 2 for a command line that is wrong (its
  /// options, or a value given on it that the catalog refuses), 130 for an interruption, 1 for
  /// every other failure. The line never holds SQL or result codes; ``technicalDetail(of:)``
  /// does. A long path or value in it is cut in its middle (``ElidedText``).
  static func report(_ error: any Error) -> (String, Int32) {
    let (line, status) = unelidedReport(error)
    return (ElidedText.line(line), status)
  }

  private static func unelidedReport(_ error: any Error) -> (String, Int32) {
    switch error {
    case let error as UsageError:
      let help = error.command == spec.name ? "movies --help" : "\(error.command) --help"
      return ("movies: error: \(error.problem.message) (see '\(help)')", UsageError.exitStatus)
    case CatalogError.emptyTitle, CatalogError.titleTooLong, CatalogError.contentTooLong, CatalogError.rateOutOfRange,
      CatalogError.invalidHeartCount, CatalogError.invalidRuntime, CatalogError.dateOutOfRange,
      CatalogError.invalidPage, CatalogError.invalidReview,
      CatalogError.invalidTag, CatalogError.invalidValue:
      // Values given on the command line, which the catalog's rules refuse.
      return ("movies: error: \(error)", UsageError.exitStatus)
    case RepositoryError.busy, PersistenceError.busy:
      return (
        "movies: error: \(error); try again when it has finished, or wait longer with MOVIES_BUSY_TIMEOUT=SECONDS", 1
      )
    case RepositoryError.unreadable(let count, let rows):
      let more = count > rows.count ? "; and \(count - rows.count) more" : ""
      return (
        "movies: error: \(count) \(count == 1 ? "movie" : "movies") cannot be read and \(count == 1 ? "is" : "are") "
          + "left out (another program changed the catalog): \(rows.joined(separator: "; "))\(more); "
          + "'movies store check' lists them, 'movies delete ID' removes one", 1
      )
    case _ where LostConnection.caused(error):
      // One line from every command, whichever layer saw the connection go.
      return ("movies: error: \(LostConnection.line)", 1)
    case let error as PersistenceError where error.isTimeout:
      return ("movies: error: timed out: the server cancelled the operation after its time limit (\(error))", 1)
    case AppError.interrupted, AppError.interruptedStream:
      return ("movies: error: \(error)", AppError.interruptedStatus)
    default:
      return ("movies: error: \(error)", 1)
    }
  }

  /// What a developer needs beyond the message: SQLite's result code and the SQL that failed,
  /// when the error came from SQLite; PostgreSQL's SQLSTATE, detail and context, when it came
  /// from a server; else the error's type and case.
  static func technicalDetail(of error: any Error) -> String {
    switch error {
    case RepositoryError.unavailable(_, let detail?), RepositoryError.connectionLost(_, let detail?): return detail
    case PersistenceError.sqlite(let error): return error.debugDescription
    // The server's code, detail, hint and context (its PL/pgSQL lines), never the password.
    case PersistenceError.postgres(let error): return String(reflecting: error)
    case let error as SQLiteError: return error.debugDescription
    default:
      let name = String(reflecting: type(of: error))
      guard let label = Mirror(reflecting: error).children.first?.label else { return "\(name): \(error)" }
      return "\(name).\(label): \(error)"
    }
  }
}
