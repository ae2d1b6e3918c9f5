import Foundation
import Repositories
import SQLiteCore

/// Builds the SQL of a ``FetchDescriptor`` against one table: `WHERE`, `ORDER BY`, `LIMIT`.
///
/// Results are ordered by the descriptor's sort, then by insertion order (`rowid`), so ties
/// come back in the same order as from the in-memory repository and pages never overlap.
struct QueryBuilder {
  let table: TableSchema
  let modelName: String

  /// The `SELECT` that returns the models a descriptor asks for.
  func select<Model>(_ descriptor: FetchDescriptor<Model>) throws(PersistenceError) -> SQLFragment {
    var query = SQLFragment("SELECT \(try columns(descriptor.propertiesToFetch)) FROM \(table.quotedName)")
    try appendWhere(descriptor.predicate, to: &query)
    query.sql += " ORDER BY " + (try orderTerms(descriptor.sortBy) + ["rowid"]).joined(separator: ", ")
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
    try appendWhere(descriptor.predicate, to: &inner)
    guard descriptor.fetchLimit != nil || descriptor.fetchOffset != nil else {
      return SQLFragment("SELECT count(*)" + inner.sql.dropFirst("SELECT 1".count), inner.bindings)
    }
    appendPage(descriptor, to: &inner)
    return SQLFragment("SELECT count(*) FROM (\(inner.sql))", inner.bindings)
  }

  /// The `ORDER BY` terms of sort descriptors.
  ///
  /// - Throws: ``PersistenceError/unsupportedQuery(_:)`` for a descriptor without a key path
  ///   to a stored, comparable attribute.
  func orderTerms<Model>(_ sortBy: [SortDescriptor<Model>]) throws(PersistenceError) -> [String] {
    try sortBy.map { (descriptor) throws(PersistenceError) -> String in
      guard let keyPath = descriptor.keyPath else {
        throw .unsupportedQuery("a sort descriptor on \(modelName) without a key path cannot be translated to SQL")
      }
      let name = KeyPathName.column(of: keyPath)
      guard let column = table.columns.first(where: { $0.name == name }) else {
        throw .unsupportedQuery("cannot sort by \(modelName).\(name): \(KeyPathName.notStored(name))")
      }
      guard column.kind != .json, column.kind != .external else {
        throw .unsupportedQuery("cannot sort by \(modelName).\(name): it is stored as JSON or in external files")
      }
      // SQLite puts NULL first in ascending order and last in descending order, as Swift does.
      return SQLIdentifier.quote(column.name) + (descriptor.order == .forward ? " ASC" : " DESC")
    }
  }

  private func appendWhere<Model>(_ predicate: Predicate<Model>?, to query: inout SQLFragment) throws(PersistenceError)
  {
    guard let predicate else { return }
    let condition = try PredicateTranslator(table: table, modelName: modelName).condition(predicate)
    // A predicate folded to `true` (only captured values decided it) needs no WHERE.
    guard condition != SQLTerm.constant(true).fragment else { return }
    query.sql += " WHERE " + condition.sql
    query.bindings += condition.bindings
  }

  private func appendPage<Model>(_ descriptor: FetchDescriptor<Model>, to query: inout SQLFragment) {
    guard descriptor.fetchLimit != nil || descriptor.fetchOffset != nil else { return }
    // As in SQLite, a negative limit means no limit; a negative offset counts as zero.
    let limit = max(descriptor.fetchLimit ?? -1, -1)
    let offset = max(descriptor.fetchOffset ?? 0, 0)
    query.sql += " LIMIT ? OFFSET ?"
    query.bindings += [.integer(Int64(limit)), .integer(Int64(offset))]
  }
}
