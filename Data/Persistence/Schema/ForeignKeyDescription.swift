/// What happens to dependent rows when the row they refer to is deleted, as SwiftData's
/// `@Relationship(deleteRule:)` says it.
public enum DeleteRule: String, Sendable, Hashable {
  /// Delete the dependents too (`ON DELETE CASCADE`).
  case cascade
  /// Set the dependents' reference to nil (`ON DELETE SET NULL`); the reference must be optional.
  case nullify
  /// Refuse the delete while dependents exist (`ON DELETE RESTRICT`).
  case deny
  /// Do nothing at delete; the reference is still checked when the transaction commits
  /// (`ON DELETE NO ACTION`).
  case noAction

  /// The SQL action.
  var sql: String {
    switch self {
    case .cascade: "CASCADE"
    case .nullify: "SET NULL"
    case .deny: "RESTRICT"
    case .noAction: "NO ACTION"
    }
  }
}

/// A column that refers to the primary key of another table: a to-one relationship.
///
/// See [SQLite Foreign Key Support](https://www.sqlite.org/foreignkeys.html).
package struct ForeignKeyDescription: Sendable, Hashable {
  /// The referring column.
  package let column: String
  /// The table referred to.
  package let parentTable: String
  /// The primary-key column of the table referred to.
  package let parentKey: String
  /// What a delete of the referred row does.
  package let deleteRule: DeleteRule

  /// Creates a foreign key description.
  package init(
    column: String, parentTable: String, parentKey: String = TableSchema.defaultPrimaryKey, deleteRule: DeleteRule
  ) {
    self.column = column
    self.parentTable = parentTable
    self.parentKey = parentKey
    self.deleteRule = deleteRule
  }

  /// The table constraint.
  var sql: String {
    "FOREIGN KEY (\(SQLIdentifier.quote(column))) REFERENCES \(SQLIdentifier.quote(parentTable)) "
      + "(\(SQLIdentifier.quote(parentKey))) ON DELETE \(deleteRule.sql)"
  }
}
