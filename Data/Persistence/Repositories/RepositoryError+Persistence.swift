import PostgresCore
import Repositories
import SQLValues
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
    case let error as SQLiteError where error.predicateFailure != nil:
      self = .queryFailed("\(error.predicateFailure ?? error.message) (\(modelName))")
    case PersistenceError.sqlite(let error) where error.predicateFailure != nil:
      self = .queryFailed("\(error.predicateFailure ?? error.message) (\(modelName))")
    case let error as SQLiteError where error.isConstraintViolation:
      self = .constraintViolation("\(error.message) (\(modelName))")
    case let error as SQLiteError:
      self = .unavailable(error.message, detail: error.debugDescription)
    case let error as PostgresError:
      self = RepositoryError(error, modelName: modelName)
    case PersistenceError.postgres(let error):
      self = RepositoryError(error, modelName: modelName)
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

  /// Maps a PostgreSQL server's failure by its SQLSTATE class: integrity constraints (`23…`) are
  /// constraint violations, said in words that name no constraint of the schema (the server's
  /// message, which does, is kept for developers in the detail of other cases); bad values
  /// (`22…`: out of range, overflow, invalid text) are invalid values; a statement or lock
  /// timeout (`57014`, `55P03`) is a timeout; a lost connection is one, its server's words
  /// only in the detail; a server that cannot be reached or fails otherwise is unavailable,
  /// its code and context only in the detail.
  private init(_ error: PostgresError, modelName: String) {
    if let failure = Self.predicateFailure(error) {
      self = .queryFailed("\(failure) (\(modelName))")
      return
    }
    switch error.code?.prefix(2) {
    // The engine's own family trigger words its refusal for users: kept as it is.
    case "23" where error.message.contains(", another member of the family "):
      self = .constraintViolation(error.message)
    case "23": self = .constraintViolation(Self.constraintWords(error.code) + " (\(modelName))")
    case "22": self = .invalidValue("\(error.message) (\(modelName))")
    case "40": self = .busy("the transaction collided with another and was not retried: \(error.message)")
    case _ where error.isConnectionLost: self = .connectionLost(error.message, detail: String(reflecting: error))
    case _ where error.isTimeout:
      self = .timedOut("the server cancelled the operation after its time limit (\(error.message))")
    default: self = .unavailable(error.message, detail: String(reflecting: error))
    }
  }

  /// What an integrity constraint's SQLSTATE means, in words.
  private static func constraintWords(_ code: String?) -> String {
    switch code {
    case "23505": "another stored model has the same unique values"
    case "23503": "a reference names a model that is not stored, or a stored model is referred to"
    case "23502": "a required value is missing"
    default: "a rule of the store refused the change"
    }
  }

  /// What made a query fail on PostgreSQL where Swift would trap, in SQLite's words: an
  /// integer out of range (`22003`), a division by zero (`22012`), or one of the failures the
  /// translator writes as a text cast to a number (`22P02`, see `postgresUnwrapped`).
  private static func predicateFailure(_ error: PostgresError) -> String? {
    switch error.code {
    case "22003": "arithmetic overflow in a predicate"
    case "22012": "division by zero in a predicate"
    case "22P02" where error.message.contains("arithmetic overflow in a predicate"):
      "arithmetic overflow in a predicate"
    case "22P02" where error.message.contains("a predicate force-unwrapped nil"): "a predicate force-unwrapped nil"
    default: nil
    }
  }
}
