import Repositories
import SQLValues
import SQLiteCore

/// Keeps a ``ModelFamily``'s identifiers unique across its members: after a row is inserted
/// into one member's table, the other members' tables (those the store's schema lists) are
/// looked up by its key, each through its primary key's index, in the same write transaction.
///
/// Each member has a table of its own (the family's shape: see the README's "Model families"),
/// so no single primary key spans them; this one lookup per insert is what uniqueness across
/// the family costs.
struct FamilyKeys {
  /// The family's name, for error messages.
  private let family: String
  /// The other members' tables.
  private let siblings: [String]
  /// The query that returns the position in ``siblings`` of a table holding the key of the row
  /// whose `rowid` is bound, or no row.
  private let sql: String

  /// The check for inserts into `table`, or `nil` when it belongs to no family with other
  /// members among `tables`.
  init?(table: TableSchema, tables: [TableSchema]) {
    guard let family = table.family else { return nil }
    let siblings = tables.filter { $0.family == family && $0.name != table.name }.sorted { $0.name < $1.name }
    guard !siblings.isEmpty else { return nil }
    self.family = family
    let key = "(SELECT \(SQLIdentifier.quote(table.primaryKey)) FROM \(table.quotedName) WHERE rowid = ?1)"
    self.siblings = siblings.map(\.name)
    sql =
      siblings.enumerated().map { position, sibling in
        "SELECT \(position) FROM \(sibling.quotedName) WHERE \(SQLIdentifier.quote(sibling.primaryKey)) = \(key)"
      }.joined(separator: " UNION ALL ") + " LIMIT 1"
  }

  /// Throws when the row just inserted, `rowid`, has a key another member's table holds.
  ///
  /// - Throws: `RepositoryError.constraintViolation` naming the model, its identifier and the
  ///   member that holds it; the caller's transaction then undoes the insert.
  func check<Model: Identifiable>(_ model: Model, insertedAt rowid: Int64, on connection: Connection) throws {
    let statement = try connection.statement(sql)
    defer { statement.reset() }
    try statement.bind([.integer(rowid)])
    guard try statement.step() else { return }
    throw RepositoryError.constraintViolation(
      "\(Model.self) \(model.id) has the identifier of a model of \(siblings[Int(statement.int64(at: 0))]), "
        + "another member of the family \(family)")
  }
}
