import Persistence
import Repositories

/// A store's connection to its PostgreSQL server, lost before a command finished: the server
/// stopped, restarted or ended the session, or the network failed. Every command reports it in
/// the same words, whether a repository or the engine saw it.
enum LostConnection {
  /// What the error line says, after `movies: error: `.
  static let line = "store unavailable: the connection to the PostgreSQL server was lost"

  /// Whether `error` is the loss of a store's connection.
  static func caused(_ error: any Error) -> Bool {
    switch error {
    case RepositoryError.connectionLost: true
    case let error as PersistenceError: error.isConnectionLost
    default: false
    }
  }
}
