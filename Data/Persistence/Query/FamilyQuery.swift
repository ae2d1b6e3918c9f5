import Repositories
import SQLiteCore

/// Builds the SQL of a family fetch: one `SELECT` per member's table joined by `UNION ALL`,
/// each filtered by the descriptor on the shared attributes (translated on the member's table,
/// which stores each of them as `shared` does), and the whole ordered and paged.
///
/// Every arm returns the same result columns, by name: the member's position
/// (``memberColumn``), its `rowid`, then every column any member has, `NULL` where the member
/// has none; so one statement's rows decode as each member's model, by its own column names.
/// A sorted compound `SELECT` with a limit is answered by SQLite as a merge of the arms, each
/// read in order through its own index, so a first page costs what one table's does.
struct FamilyQuery {
  /// The shared attributes as a table: the family's name, the columns every member has.
  let shared: TableSchema
  /// The members' tables, in the family's order.
  let members: [TableSchema]
  /// The result columns after the two of the arm's own: every member column, first seen first.
  private let columnNames: [String]

  /// The result column that holds the member's position in ``members``.
  static let memberColumn = "_member"
  /// The result column that holds the row's `rowid` in its member's table.
  static let rowColumn = "_rowid"

  init(shared: TableSchema, members: [TableSchema]) {
    self.shared = shared
    self.members = members
    var names: [String] = []
    for column in members.flatMap(\.columns) where !names.contains(column.name) { names.append(column.name) }
    columnNames = names
  }

  /// The `SELECT` of the family's models a descriptor asks for.
  ///
  /// - Throws: ``PersistenceError/unsupportedQuery(_:)`` for a predicate or sort the shared
  ///   attributes cannot answer.
  func select<Shared>(_ descriptor: FetchDescriptor<Shared>) throws(PersistenceError) -> SQLFragment {
    var query = try arms(descriptor) { position, member in
      let columns = columnNames.map { name in
        let quoted = SQLIdentifier.quote(name)
        return member.columnIndex(named: name) == nil ? "NULL AS \(quoted)" : quoted
      }
      return
        "\(position) AS \(SQLIdentifier.quote(Self.memberColumn)), rowid AS \(SQLIdentifier.quote(Self.rowColumn)), "
        + columns.joined(separator: ", ")
    }
    let order =
      descriptor.sortBy.isEmpty
      ? [Self.memberColumn, Self.rowColumn].map { SQLIdentifier.quote($0) + " ASC" }
      : try builder.orderTerms(descriptor.sortBy)
    query.sql += " ORDER BY " + order.joined(separator: ", ")
    builder.appendPage(descriptor, to: &query)
    return query
  }

  /// The `SELECT count(*)` of the family's models a descriptor would return.
  ///
  /// - Throws: as ``select(_:)`` does.
  func count<Shared>(_ descriptor: FetchDescriptor<Shared>) throws(PersistenceError) -> SQLFragment {
    var inner = try arms(descriptor) { _, _ in "1" }
    builder.appendPage(descriptor, to: &inner)
    return SQLFragment("SELECT count(*) FROM (\(inner.sql))", inner.bindings)
  }

  /// Each member's `SELECT` of `resultColumns`, with the descriptor's filter and position,
  /// joined by `UNION ALL`.
  private func arms<Shared>(
    _ descriptor: FetchDescriptor<Shared>, _ resultColumns: (Int, TableSchema) -> String
  ) throws(PersistenceError) -> SQLFragment {
    var query = SQLFragment("")
    for (position, member) in members.enumerated() {
      var arm = SQLFragment("SELECT \(resultColumns(position, member)) FROM \(member.quotedName)")
      // Translated on the member's own table: its substring index and NOT NULL columns serve.
      try QueryBuilder(table: member, modelName: shared.name).appendWhere(descriptor, to: &arm)
      query.sql += (position == 0 ? "" : " UNION ALL ") + arm.sql
      query.bindings += arm.bindings
    }
    return query
  }

  /// The builder of the order and page, on the shared attributes.
  private var builder: QueryBuilder { QueryBuilder(table: shared, modelName: shared.name) }
}
