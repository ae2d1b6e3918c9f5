import Foundation
import Repositories
import SQLiteCore

/// Builds the SQL of a ``FetchDescriptor`` against one table: `WHERE`, `ORDER BY`, `LIMIT`.
///
/// Sorted results are ordered by the descriptor's sort, then by the primary key, which makes
/// the order total: ties come back in the same order as from the in-memory repository, pages
/// never overlap, and a position in the order (``FetchDescriptor/after``) is a set of values.
/// Unsorted results come in insertion order (`rowid`), the table's own order.
struct QueryBuilder {
  let table: TableSchema
  let modelName: String

  /// The `SELECT` that returns the models a descriptor asks for.
  func select<Model>(_ descriptor: FetchDescriptor<Model>) throws(PersistenceError) -> SQLFragment {
    try select(try columns(descriptor.propertiesToFetch), descriptor)
  }

  /// The `SELECT` of only the primary keys of the models a descriptor asks for, in its order.
  func selectIdentifiers<Model>(_ descriptor: FetchDescriptor<Model>) throws(PersistenceError) -> SQLFragment {
    try select(SQLIdentifier.quote(table.primaryKey), descriptor)
  }

  /// The `SELECT` of result columns for a descriptor: its filter, order and page.
  private func select<Model>(
    _ resultColumns: String, _ descriptor: FetchDescriptor<Model>
  ) throws(PersistenceError) -> SQLFragment {
    var query = SQLFragment("SELECT \(resultColumns) FROM \(table.quotedName)")
    try appendWhere(descriptor, to: &query)
    query.sql += " ORDER BY " + (try orderTerms(descriptor.sortBy)).joined(separator: ", ")
    appendPage(descriptor, to: &query)
    return query
  }

  /// The result columns that fetch some properties: every column when none are listed; else
  /// the primary key and the listed ones, and for an externally stored attribute not listed,
  /// its file names only (see ``RowDecoder/namesSuffix``), so that no file is read.
  ///
  /// - Throws: ``PersistenceError/unsupportedQuery(_:)`` for a key path to no stored attribute.
  func columns<Model>(_ properties: [any PartialKeyPath<Model> & Sendable]) throws(PersistenceError) -> String {
    guard !properties.isEmpty else { return table.quotedColumns }
    return try columns(names: Set(properties.map { KeyPathName.column(of: $0) }))
  }

  /// The result columns that fetch the attributes `names` names but those in `excluded`, as
  /// ``columns(_:)`` does for key paths: an externally stored one not fetched by its names.
  ///
  /// - Throws: ``PersistenceError/unsupportedQuery(_:)`` for a name of no stored attribute.
  func columns(names: Set<String>, except excluded: Set<String> = []) throws(PersistenceError) -> String {
    for name in names.union(excluded).sorted() where !table.columns.contains(where: { $0.name == name }) {
      throw .unsupportedQuery("cannot fetch \(modelName).\(name): \(KeyPathName.notStored(name))")
    }
    let names = names.subtracting(excluded)
    return table.columns.compactMap { column -> String? in
      let quoted = SQLIdentifier.quote(column.name)
      if column.name == table.primaryKey || names.contains(column.name) { return quoted }
      guard column.kind == .external else { return nil }
      return quoted + " AS " + SQLIdentifier.quote(column.name + RowDecoder.namesSuffix)
    }.joined(separator: ", ")
  }

  /// The `SELECT count(*)` of the models a descriptor would return.
  func count<Model>(_ descriptor: FetchDescriptor<Model>) throws(PersistenceError) -> SQLFragment {
    var inner = SQLFragment("SELECT 1 FROM \(table.quotedName)")
    try appendWhere(descriptor, to: &inner)
    guard descriptor.fetchLimit != nil || descriptor.fetchOffset != nil else {
      return SQLFragment("SELECT count(*)" + inner.sql.dropFirst("SELECT 1".count), inner.bindings)
    }
    appendPage(descriptor, to: &inner)
    return SQLFragment("SELECT count(*) FROM (\(inner.sql))", inner.bindings)
  }

  /// The `ORDER BY` terms of sort descriptors, then of the primary key unless they sort by it
  /// already; `rowid` alone when there are none.
  ///
  /// - Throws: ``PersistenceError/unsupportedQuery(_:)`` for a descriptor without a key path
  ///   to a stored, comparable attribute.
  func orderTerms<Model>(_ sortBy: [SortDescriptor<Model>]) throws(PersistenceError) -> [String] {
    guard !sortBy.isEmpty else { return ["rowid"] }
    let keys = try sortKeys(sortBy)
    let terms = keys.map { SQLIdentifier.quote($0.column.name) + ($0.ascending ? " ASC" : " DESC") }
    guard !keys.contains(where: { $0.column.name == table.primaryKey }) else { return terms }
    return terms + [SQLIdentifier.quote(table.primaryKey) + " ASC"]
  }

  /// The stored column and key path of each sort descriptor.
  ///
  /// - Throws: as ``orderTerms(_:)`` does.
  private func sortKeys<Model>(
    _ sortBy: [SortDescriptor<Model>]
  ) throws(PersistenceError) -> [(column: Column, keyPath: PartialKeyPath<Model>, ascending: Bool)] {
    try sortBy.map { (descriptor) throws(PersistenceError) in
      guard let keyPath = descriptor.keyPath else {
        throw .unsupportedQuery("a sort descriptor on \(modelName) without a key path cannot be translated to SQL")
      }
      let name = KeyPathName.sortColumn(of: keyPath)
      guard let column = table.columns.first(where: { $0.name == name }) else {
        throw .unsupportedQuery("cannot sort by \(modelName).\(name): \(KeyPathName.notStored(name))")
      }
      guard column.kind != .json, column.kind != .external else {
        throw .unsupportedQuery("cannot sort by \(modelName).\(name): it is stored as JSON or in external files")
      }
      // SQLite puts NULL first in ascending order and last in descending order, as Swift does.
      return (column, keyPath, descriptor.order == .forward)
    }
  }

  /// Appends the `WHERE` of a descriptor's predicate and position, if it has either.
  func appendWhere<Model>(
    _ descriptor: FetchDescriptor<Model>, to query: inout SQLFragment
  ) throws(PersistenceError) {
    var conditions: [SQLFragment] = []
    if let predicate = descriptor.predicate {
      let condition = try PredicateTranslator(table: table, modelName: modelName).condition(predicate)
      // A predicate folded to `true` (only captured values decided it) needs no WHERE.
      if condition != SQLTerm.constant(true).fragment { conditions.append(condition) }
    }
    if let position = try keyset(descriptor) { conditions.append(position) }
    guard !conditions.isEmpty else { return }
    // Each condition is parenthesized or a single term already, so AND binds them as written.
    query.sql += " WHERE " + conditions.map(\.sql).joined(separator: " AND ")
    query.bindings += conditions.flatMap(\.bindings)
  }

  /// The condition that keeps the rows after ``FetchDescriptor/after``, or `nil` without one.
  ///
  /// - Throws: ``PersistenceError/unsupportedQuery(_:)`` for a position in an unsorted
  ///   descriptor or of another type; ``PersistenceError/invalidValue(_:)`` for a value that
  ///   cannot be compared (NaN).
  private func keyset<Model>(_ descriptor: FetchDescriptor<Model>) throws(PersistenceError) -> SQLFragment? {
    guard let position = descriptor.afterModel else { return nil }
    guard !descriptor.sortBy.isEmpty else {
      throw .unsupportedQuery(
        "a page after a \(modelName) needs a sort order: unsorted models come in the order they were stored")
    }
    guard let model = position as? Model, let identifiable = model as? any Identifiable else {
      throw .unsupportedQuery("the position of a page of \(modelName) is a \(type(of: position))")
    }
    let sortKeys = try sortKeys(descriptor.sortBy)
    var keys = try sortKeys.map { (key) throws(PersistenceError) in
      KeysetCondition.Key(
        column: SQLIdentifier.quote(key.column.name), isOptional: key.column.isOptional, ascending: key.ascending,
        value: try SQLValue(swiftValue: model[keyPath: key.keyPath]))
    }
    // As in ``orderTerms(_:)``: the primary key breaks the ties, unless the order has it.
    guard !sortKeys.contains(where: { $0.column.name == table.primaryKey }) else {
      return KeysetCondition(keys: keys).fragment
    }
    keys.append(
      KeysetCondition.Key(
        column: SQLIdentifier.quote(table.primaryKey), isOptional: false, ascending: true,
        value: try SQLValue(swiftValue: Self.identifier(of: identifiable))))
    return KeysetCondition(keys: keys).fragment
  }

  private static func identifier(of model: some Identifiable) -> Any { model.id }

  func appendPage<Model>(_ descriptor: FetchDescriptor<Model>, to query: inout SQLFragment) {
    guard descriptor.fetchLimit != nil || descriptor.fetchOffset != nil else { return }
    // As in SQLite, a negative limit means no limit; a negative offset counts as zero.
    let limit = max(descriptor.fetchLimit ?? -1, -1)
    let offset = max(descriptor.fetchOffset ?? 0, 0)
    query.sql += " LIMIT ? OFFSET ?"
    query.bindings += [.integer(Int64(limit)), .integer(Int64(offset))]
  }
}
