import Repositories
import SQLValues
import SQLiteCore

extension SQLiteRepository {
  /// Returns when every stored model can be read; else throws `RepositoryError.unreadable`
  /// naming the rows whose values no read could decode (`Column.unreadableCondition`: a
  /// `NULL` in a non-optional attribute, a value of another storage class, a malformed UUID,
  /// Bool or JSON), as only a program that rewrote the schema can store them.
  ///
  /// One query over the table; memory stays flat however many rows there are. The aggregates
  /// leave such values out, so a caller that shows figures can say which rows they miss.
  ///
  /// - Throws: `RepositoryError.unreadable`, or `RepositoryError` if the store cannot be read.
  public func checkReadable() async throws {
    let columns = table.columns
    let key = SQLIdentifier.quote(table.primaryKey)
    let tests = columns.map(\.unreadableCondition)
    let sql =
      "SELECT \(key), \(tests.joined(separator: ", ")) FROM \(table.quotedName) WHERE "
      + tests.map { "(\($0))" }.joined(separator: " OR ")
    var unreadable = UnreadableRows()
    do {
      try store.read { state in
        let statement = try state.connection.statement(sql)
        defer { statement.reset() }
        while try statement.step() {
          let damaged = columns.indices.filter { statement.value(at: Int32($0) + 1) == .integer(1) }
          let reason = damaged.map {
            "\(table.name).\(columns[$0].name) cannot be read as \(columns[$0].kind.rawValue)"
          }
          unreadable.note(row: statement.value(at: 0).identifierDescription, reason.joined(separator: ", "))
        }
      }
    } catch {
      throw RepositoryError(error, modelName: "\(Model.self)")
    }
    if let error = unreadable.error { throw error }
  }
}
