import Repositories
import SQLValues

/// Builds the SQL of a family fetch: one `SELECT` per member's table joined by `UNION ALL`,
/// each filtered by the descriptor on the shared attributes (translated on the member's table,
/// which stores each of them as `shared` does), and the whole ordered and paged.
///
/// Every arm returns the same result columns: the member's position (``memberColumn``), its
/// `rowid`, then every column any member has, `NULL` where the member has none. On SQLite a
/// result column is named after its column, so one statement's rows decode as each member's
/// model by its own column names. On PostgreSQL, whose `UNION` needs one type a result
/// column, columns of one name and different types are separate result columns, and each
/// member reads its own (``resultColumns(of:)``). A sorted compound `SELECT` with a limit is
/// answered as a merge of the arms, each read in order through its own index, so a first page
/// costs what one table's does.
struct FamilyQuery {
  /// The shared attributes as a table: the family's name, the columns every member has.
  let shared: TableSchema
  /// The members' tables, in the family's order.
  let members: [TableSchema]
  /// The SQL written: SQLite's, or PostgreSQL's.
  let dialect: any SQLDialect
  /// The result columns after the arm's own two, first seen first: each one's name in the
  /// result and the column it holds.
  private let columns: [(alias: String, column: Column)]
  /// For each member, the position in a row of ``select(_:)`` of each of its columns, in the
  /// order of its table's columns.
  let memberResultColumns: [[Int]]

  /// The result column that holds the member's position in ``members``.
  static let memberColumn = "_member"
  /// The result column that holds the row's `rowid` in its member's table.
  static let rowColumn = "_rowid"

  init(shared: TableSchema, members: [TableSchema], dialect: any SQLDialect) {
    self.shared = shared
    self.members = members
    self.dialect = dialect
    var columns: [(alias: String, column: Column)] = []
    var aliases: Set<String> = [Self.memberColumn, Self.rowColumn]
    for column in members.flatMap(\.columns) where !columns.contains(where: { Self.holds($0.column, column, dialect) })
    {
      var alias = column.name
      var suffix = 1
      while aliases.contains(alias) {
        suffix += 1
        alias = "\(column.name)#\(suffix)"
      }
      aliases.insert(alias)
      columns.append((alias, column))
    }
    self.columns = columns
    memberResultColumns = members.map { member in
      member.columns.compactMap { column in
        columns.firstIndex { Self.holds($0.column, column, dialect) }.map { 2 + $0 }
      }
    }
  }

  /// Whether a result column made for `column` holds `other` too, as the dialect says.
  private static func holds(_ column: Column, _ other: Column, _ dialect: any SQLDialect) -> Bool {
    dialect.resultColumn(column, holds: other)
  }

  /// The `SELECT` of the family's models a descriptor asks for, and whether its rows are
  /// exactly the descriptor's. When not (a PostgreSQL filter that only narrows: see
  /// ``PredicateFilter``), the rows are in order but not paged, and the caller checks each
  /// with the predicate, then takes the page.
  ///
  /// - Throws: ``PersistenceError/unsupportedQuery(_:)`` for a predicate or sort the shared
  ///   attributes cannot answer.
  func select<Shared>(_ descriptor: FetchDescriptor<Shared>) throws(PersistenceError) -> PredicateFilter {
    var (query, isExact) = try arms(descriptor) { position, member in
      let values = columns.map { alias, column in
        dialect.familyValue(column, alias: alias, holds: member.columns.contains { Self.holds($0, column, dialect) })
      }
      return
        "\(position) AS \(SQLIdentifier.quote(Self.memberColumn)), rowid AS \(SQLIdentifier.quote(Self.rowColumn)), "
        + values.joined(separator: ", ")
    }
    let order =
      descriptor.sortBy.isEmpty
      ? [Self.memberColumn, Self.rowColumn].map { SQLIdentifier.quote($0) + " ASC" }
      : try builder.orderTerms(descriptor.sortBy)
    query.sql += " ORDER BY " + order.joined(separator: ", ")
    if isExact { builder.appendPage(descriptor, to: &query) }
    return PredicateFilter(fragment: query, isExact: isExact)
  }

  /// The `SELECT count(*)` of the family's models a descriptor would return, or `nil` when
  /// the filter only narrows (on PostgreSQL), so the models must be read and checked.
  ///
  /// - Throws: as ``select(_:)`` does.
  func count<Shared>(_ descriptor: FetchDescriptor<Shared>) throws(PersistenceError) -> SQLFragment? {
    var (inner, isExact) = try arms(descriptor) { _, _ in "1" }
    guard isExact else { return nil }
    builder.appendPage(descriptor, to: &inner)
    return SQLFragment("SELECT count(*) FROM (\(inner.sql)) AS family", inner.bindings)
  }

  /// Each member's `SELECT` of `resultColumns`, with the descriptor's filter and position,
  /// joined by `UNION ALL`, and whether every arm's filter is exact.
  private func arms<Shared>(
    _ descriptor: FetchDescriptor<Shared>, _ resultColumns: (Int, TableSchema) -> String
  ) throws(PersistenceError) -> (SQLFragment, isExact: Bool) {
    var query = SQLFragment("")
    var isExact = true
    for (position, member) in members.enumerated() {
      var arm = SQLFragment("SELECT \(resultColumns(position, member)) FROM \(member.quotedName)")
      // Translated on the member's own table: its substring index and NOT NULL columns serve.
      let exact = try QueryBuilder(table: member, modelName: shared.name, dialect: dialect)
        .appendWhere(descriptor, to: &arm)
      isExact = isExact && exact
      query.sql += (position == 0 ? "" : " UNION ALL ") + arm.sql
      query.bindings += arm.bindings
    }
    return (query, isExact)
  }

  /// The builder of the order and page, on the shared attributes.
  private var builder: QueryBuilder { QueryBuilder(table: shared, modelName: shared.name, dialect: dialect) }
}
