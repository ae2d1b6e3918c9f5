import Repositories
import SQLiteCore

extension RepositoryError {
  /// Maps a Data-layer failure to the Domain's error, at the repository's edge.
  package init(_ error: any Error, modelName: String) {
    switch error {
    case let error as RepositoryError:
      self = error
    case PersistenceError.busy:
      self = .busy("\(error)")
    case let error as SQLiteError where error.isBusy:
      self = .busy("another connection is writing the store")
    case let error as SQLiteError where error.isConstraintViolation:
      self = .constraintViolation("\(error.message) (\(modelName))")
    case let error as SQLiteError:
      self = .unavailable(error.message, detail: error.debugDescription)
    case PersistenceError.sqlite(let error):
      self = .unavailable(error.message, detail: error.debugDescription)
    case PersistenceError.invalidValue(let message):
      self = .invalidValue(message)
    case PersistenceError.unreadableFile(let message):
      self = .unavailable(message)
    case PersistenceError.unsupportedQuery(let message):
      self = .unsupportedQuery(message)
    case let error as PersistenceError:
      self = .unavailable(error.description)
    default:
      self = .unavailable("\(error)")
    }
  }
}
