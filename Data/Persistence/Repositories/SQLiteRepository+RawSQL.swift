import Foundation
import Repositories
public import SQLValues

extension SQLiteRepository {
  /// Runs a `SELECT` of your own and returns its rows as models: the escape hatch for what a
  /// `FetchDescriptor` cannot say.
  ///
  /// The statement must return the model's columns, by name (`SELECT *` or the columns you
  /// need, in any order). Values are bound to the `?` parameters in order; never build the
  /// SQL from user input.
  ///
  /// <!-- snippet context: movies -->
  /// ```swift
  /// let recent = try await movies.fetch(
  ///   sql: #"SELECT * FROM "movies" WHERE "date" > ? ORDER BY "date" DESC LIMIT 5"#,
  ///   [.real(Date.now.addingTimeInterval(-86_400 * 30).timeIntervalSinceReferenceDate)])
  /// ```
  ///
  /// - Throws: `RepositoryError.unavailable` if the SQL fails, `RepositoryError.invalidValue`
  ///   if a row cannot be decoded as the model.
  public func fetch(sql: String, _ arguments: [SQLValue] = []) async throws -> [Model] {
    do {
      return try store.read { state in try fetch(SQLFragment(sql, arguments), in: state) }
    } catch {
      throw RepositoryError(error, modelName: "\(Model.self)")
    }
  }
}
