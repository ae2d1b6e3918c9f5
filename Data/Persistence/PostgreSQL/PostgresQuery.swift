import Foundation
import Repositories
import SQLValues

/// The SQL of a ``FetchDescriptor`` on PostgreSQL: its filter, order and page, and whether
/// the filter only narrows (see ``isExact``).
struct PostgresQuery<Model> {
  /// The `SELECT` without its page when the filter is not exact, with it otherwise.
  let fragment: SQLFragment
  /// Whether the rows are exactly those the predicate matches. When not, they are a superset
  /// — a text test SQL cannot make as Swift does — and each must be checked with the
  /// predicate, and the page taken after that.
  let isExact: Bool

  /// The query of a descriptor that returns `columns`, on a table among the `neighbours` its
  /// reference filters may read.
  init(
    _ descriptor: FetchDescriptor<Model>, columns: String, on definition: PostgresTableDefinition,
    neighbours: [ObjectIdentifier: TableSchema]
  ) throws(PersistenceError) {
    var builder = Self.builder(definition)
    builder.neighbours = neighbours
    let selection = try builder.selection(descriptor, columns: columns)
    fragment = selection.fragment
    isExact = selection.isExact
  }

  /// A statement (`SELECT … FROM table`, `DELETE FROM table`) with the `WHERE` of a
  /// descriptor's predicate and position, and whether that filter is exact.
  static func filtered(
    _ statement: String, by descriptor: FetchDescriptor<Model>, on definition: PostgresTableDefinition
  ) throws(PersistenceError) -> (SQLFragment, isExact: Bool) {
    var query = SQLFragment(statement)
    let isExact = try builder(definition).appendWhere(descriptor, to: &query)
    return (query, isExact)
  }

  /// The query builder of a table, writing PostgreSQL's SQL.
  private static func builder(_ definition: PostgresTableDefinition) -> QueryBuilder {
    QueryBuilder(table: definition.table, modelName: "\(Model.self)", dialect: PostgresDialect())
  }

  /// The models the query's rows hold that the descriptor wants: all of them when the filter
  /// is exact; else those its predicate matches, then its page.
  func page(of models: [Model], _ descriptor: FetchDescriptor<Model>) throws -> [Model] {
    guard !isExact else { return models }
    var matching = models
    if let predicate = descriptor.predicate { matching = try matching.filter { try predicate.evaluate($0) } }
    return Array(Self.window(of: matching, descriptor))
  }

  /// The rows a descriptor's offset and limit keep of those its predicate matched, as SQL
  /// pages them: a negative offset counts as none, a negative limit as no limit.
  static func window<Row, Root>(of matching: [Row], _ descriptor: FetchDescriptor<Root>) -> ArraySlice<Row> {
    let offset = min(max(descriptor.fetchOffset ?? 0, 0), matching.count)
    let end = descriptor.fetchLimit.flatMap { $0 < 0 ? nil : min(matching.count, offset + $0) } ?? matching.count
    return matching[offset..<end]
  }
}
