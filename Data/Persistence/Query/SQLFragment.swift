import SQLValues

/// A piece of SQL and the values bound to its `?` parameters, in order.
///
/// Values never appear in the SQL text; the same query shape always yields the same text, so
/// its prepared statement is reused.
struct SQLFragment: Sendable, Equatable {
  /// The SQL text.
  var sql: String
  /// The values of its parameters.
  var bindings: [SQLValue]

  init(_ sql: String, _ bindings: [SQLValue] = []) {
    self.sql = sql
    self.bindings = bindings
  }
}
