import Foundation
import Repositories
import SQLValues

/// Builds the SQL of a ``FetchDescriptor`` against one table: `WHERE`, `ORDER BY`, `LIMIT`.
///
/// Sorted results are ordered by the descriptor's sort, then by the primary key, which makes
/// the order total: ties come back in the same order as from the in-memory repository, pages
/// never overlap, and a position in the order (``FetchDescriptor/after``) is a set of values.
/// Unsorted results come in insertion order (`rowid`), the table's own order.
///
/// On PostgreSQL (``dialect``), a predicate SQL can only approximate makes a wider query: see
/// ``selection(_:columns:)``.
struct QueryBuilder {
  let table: TableSchema
  let modelName: String
  /// The SQL written: SQLite's, or PostgreSQL's.
  let dialect: any SQLDialect
  /// The tables of the other models in the same store, by model type: those a descriptor's
  /// reference filters (``FetchDescriptor/keepReferenced(by:to:where:)``) read.
  var neighbours: [ObjectIdentifier: TableSchema] = [:]
  /// Where ``select(_:)`` keeps the SQL it makes, by shape, to answer the next descriptor of
  /// that shape without translating it; `nil` to make every query anew.
  var selections: SelectionCache?
  /// Whether the SQL is written to be read in the query's own order without narrowing sets: a
  /// `contains` on a searchable attribute without the substring index, and a reference filter
  /// as a test of each row (`EXISTS`) instead of a set of keys built first (see
  /// ``scan(_:narrowed:)``).
  var scans = false

  /// The `SELECT` that returns the models a descriptor asks for.
  ///
  /// - Throws: ``PersistenceError/unsupportedQuery(_:)`` for a descriptor SQL cannot answer, or
  ///   on PostgreSQL can only approximate (use ``selection(_:columns:)`` there).
  func select<Model>(_ descriptor: FetchDescriptor<Model>) throws(PersistenceError) -> SQLFragment {
    guard let selections, let shape = shape(of: descriptor) else { return try made(descriptor) }
    if let sql = selections.sql(for: shape.key) { return SQLFragment(sql, shape.bindings) }
    let query = try made(descriptor)
    if query.bindings == shape.bindings { selections.remember(query.sql, for: shape.key) }
    return query
  }

  /// The `SELECT` of a descriptor whose `query` reads a narrowing set first — the rows the
  /// substring index finds (``SearchIndex``), or the keys a reference filter keeps — written to
  /// test each row instead (``scans``): the same rows, found by reading the table in the query's
  /// order, which ends as soon as a page is full; `nil` when `query` reads no such set.
  ///
  /// A set most rows are in (a word most rows hold, a tag most movies have) is slow to build and
  /// quick to meet in a scan; a small one the other way round. ``BoundedScan`` runs the scan
  /// first, within a bound.
  func scan<Model>(
    _ descriptor: FetchDescriptor<Model>, narrowed query: SQLFragment
  ) throws(PersistenceError) -> SQLFragment? {
    guard dialect.readsBySelectionShape else { return nil }
    let searches = SearchIndex(table).map { query.sql.contains($0.matchClause) } ?? false
    guard searches || !descriptor.referenceFilters.isEmpty else { return nil }
    var plain = self
    plain.scans = true
    plain.selections = nil
    let scan = try plain.made(descriptor)
    return scan.sql == query.sql ? nil : scan
  }

  /// The `SELECT` of a descriptor, made anew.
  private func made<Model>(_ descriptor: FetchDescriptor<Model>) throws(PersistenceError) -> SQLFragment {
    try exact(selection(descriptor, columns: try columns(descriptor.propertiesToFetch)))
  }

  /// The `SELECT` of only the primary keys of the models a descriptor asks for, in its order.
  ///
  /// - Throws: as ``select(_:)`` does.
  func selectIdentifiers<Model>(_ descriptor: FetchDescriptor<Model>) throws(PersistenceError) -> SQLFragment {
    try exact(selection(descriptor, columns: SQLIdentifier.quote(table.primaryKey)))
  }

  /// The `SELECT` of result columns (`columns(_:)`'s) for a descriptor — its filter, order and
  /// page — and whether its rows are exactly the descriptor's.
  ///
  /// When the filter is not exact (``PredicateFilter``), the query keeps at least every row the
  /// predicate does, in the descriptor's order, without the limit and offset: the caller checks
  /// each row with `Predicate.evaluate`, then skips `fetchOffset` of those that pass and stops
  /// at `fetchLimit`. On SQLite it is always exact.
  ///
  /// - Throws: ``PersistenceError/unsupportedQuery(_:)`` for a descriptor SQL cannot answer.
  func selection<Model>(
    _ descriptor: FetchDescriptor<Model>, columns resultColumns: String
  ) throws(PersistenceError) -> PredicateFilter {
    var query = SQLFragment("SELECT \(resultColumns) FROM \(table.quotedName)")
    let isExact = try appendWhere(descriptor, to: &query)
    query.sql += " ORDER BY " + (try orderTerms(descriptor.sortBy)).joined(separator: ", ")
    if isExact { appendPage(descriptor, to: &query) }
    return PredicateFilter(fragment: query, isExact: isExact)
  }

  /// The query of an exact selection; an error for one that needs Swift's check.
  private func exact(_ selection: PredicateFilter) throws(PersistenceError) -> SQLFragment {
    guard selection.isExact else {
      throw .unsupportedQuery(
        "this predicate on \(modelName) can only be approximated in SQL here: each row must be checked in Swift")
    }
    return selection.fragment
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
      throw .unsupportedQuery("cannot fetch \(modelName).\(KeyPathName.readable(name)): \(KeyPathName.notStored(name))")
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
    let isExact = try appendWhere(descriptor, to: &inner)
    // On PostgreSQL, a count of a predicate SQL only approximates needs each row checked.
    _ = try exact(PredicateFilter(fragment: inner, isExact: isExact))
    guard descriptor.fetchLimit != nil || descriptor.fetchOffset != nil else {
      return SQLFragment("SELECT count(*)" + inner.sql.dropFirst("SELECT 1".count), inner.bindings)
    }
    appendPage(descriptor, to: &inner)
    // PostgreSQL names every subquery in FROM.
    return SQLFragment("SELECT count(*) FROM (\(inner.sql)) AS page", inner.bindings)
  }

  /// The `ORDER BY` terms of sort descriptors, then of the primary key unless they sort by it
  /// already; `rowid` alone when there are none.
  ///
  /// - Throws: ``PersistenceError/unsupportedQuery(_:)`` for a descriptor without a key path
  ///   to a stored, comparable attribute.
  func orderTerms<Model>(_ sortBy: [SortDescriptor<Model>]) throws(PersistenceError) -> [String] {
    guard !sortBy.isEmpty else { return ["rowid"] }
    let keys = try sortKeys(sortBy)
    let terms = keys.map {
      dialect.orderTerm(SQLIdentifier.quote($0.column.name), ascending: $0.ascending, isOptional: $0.column.isOptional)
    }
    guard !keys.contains(where: { $0.column.name == table.primaryKey }) else { return terms }
    return terms + [dialect.orderTerm(SQLIdentifier.quote(table.primaryKey), ascending: true, isOptional: false)]
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
        throw .unsupportedQuery(
          "cannot sort by \(modelName).\(KeyPathName.readable(name)): \(KeyPathName.notStored(name))")
      }
      guard column.kind != .json, column.kind != .external else {
        throw .unsupportedQuery("cannot sort by \(modelName).\(name): it is stored as JSON or in external files")
      }
      // NULL comes first in ascending order and last in descending order, as Swift puts nil
      // (see `SQLDialect.orderTerm`).
      return (column, keyPath, descriptor.order == .forward)
    }
  }

  /// Appends the `WHERE` of a descriptor's predicate and position, if it has either, and
  /// returns whether it keeps exactly the descriptor's rows (see ``PredicateFilter``).
  @discardableResult
  func appendWhere<Model>(
    _ descriptor: FetchDescriptor<Model>, to query: inout SQLFragment
  ) throws(PersistenceError) -> Bool {
    var conditions: [SQLFragment] = []
    var isExact = true
    if let predicate = descriptor.predicate {
      var translator = PredicateTranslator(table: table, modelName: modelName, dialect: dialect)
      translator.narrowsSearches = !scans
      let filter = try translator.filter(predicate)
      isExact = filter.isExact
      // A predicate folded to `true` (only captured values decided it) needs no WHERE.
      if filter.fragment.sql != dialect.literal(true) { conditions.append(filter.fragment) }
    }
    for filter in descriptor.referenceFilters { conditions.append(try referenced(filter)) }
    if let position = try keyset(descriptor) { conditions.append(position) }
    guard !conditions.isEmpty else { return isExact }
    // Each condition is parenthesized or a single term already, so AND binds them as written.
    query.sql += " WHERE " + conditions.map(\.sql).joined(separator: " AND ")
    query.bindings += conditions.flatMap(\.bindings)
    return isExact
  }

  /// The condition of a reference filter: `key IN (SELECT reference FROM referrers WHERE …)`,
  /// which the engine answers from an index on either column without sending the references.
  /// A `NULL` key or reference matches nothing.
  ///
  /// - Throws: ``PersistenceError/unsupportedQuery(_:)`` for referrers this store does not
  ///   hold, a key path to no stored attribute, or a referrers' predicate SQL cannot answer
  ///   exactly.
  private func referenced<Filter: ReferenceFilter>(_ filter: Filter) throws(PersistenceError) -> SQLFragment {
    let referrerName = "\(Filter.Referrer.self)"
    guard let referrers = neighbours[ObjectIdentifier(Filter.Referrer.self)] else {
      throw .unsupportedQuery(
        "\(modelName) cannot be filtered by \(referrerName)s: they are not stored beside it, in the same store")
    }
    let key = try column(KeyPathName.column(of: filter.key), in: table, of: modelName)
    let reference = try column(KeyPathName.column(of: filter.reference), in: referrers, of: referrerName)
    // A scan tests each row: the referrers' columns are named bare inside, which resolves to
    // them, and the row's own key by its table (a table filtered by itself keeps the set).
    let correlated = scans && referrers.name != table.name
    var conditions = correlated ? [SQLFragment("\(reference) = \(table.quotedName).\(key)")] : []
    if let predicate = filter.predicate {
      var translator = PredicateTranslator(table: referrers, modelName: referrerName, dialect: dialect)
      translator.narrowsSearches = !scans
      let translated = try translator.filter(predicate)
      guard translated.isExact else {
        throw .unsupportedQuery(
          "the predicate on \(referrerName) that filters \(modelName) can only be approximated in SQL")
      }
      if translated.fragment.sql != dialect.literal(true) { conditions.append(translated.fragment) }
    }
    let selected = correlated ? "1" : reference
    let filtered = conditions.isEmpty ? "" : " WHERE " + conditions.map(\.sql).joined(separator: " AND ")
    let inner = "SELECT \(selected) FROM \(referrers.quotedName)\(filtered)"
    return SQLFragment(correlated ? "EXISTS (\(inner))" : "\(key) IN (\(inner))", conditions.flatMap(\.bindings))
  }

  /// The quoted name of a stored column a reference filter compares.
  ///
  /// - Throws: ``PersistenceError/unsupportedQuery(_:)`` for a name of no column, or of one
  ///   stored as JSON or in external files.
  private func column(_ name: String, in table: TableSchema, of model: String) throws(PersistenceError) -> String {
    guard let column = table.columns.first(where: { $0.name == name }) else {
      throw .unsupportedQuery("cannot filter by \(model).\(KeyPathName.readable(name)): \(KeyPathName.notStored(name))")
    }
    guard column.kind != .json, column.kind != .external else {
      throw .unsupportedQuery("cannot filter by \(model).\(name): it is stored as JSON or in external files")
    }
    return SQLIdentifier.quote(name)
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
      try KeysetCondition.Key(
        column: key.column, ascending: key.ascending, value: SQLValue(swiftValue: model[keyPath: key.keyPath]),
        dialect: dialect)
    }
    // As in ``orderTerms(_:)``: the primary key breaks the ties, unless the order has it.
    guard !sortKeys.contains(where: { $0.column.name == table.primaryKey }) else {
      return KeysetCondition(keys: keys, dialect: dialect).fragment
    }
    guard let primaryKey = table.columns.first(where: { $0.name == table.primaryKey }) else {
      throw .unsupportedQuery("\(modelName) has no primary key column to page by")
    }
    keys.append(
      KeysetCondition.Key(
        column: primaryKey, ascending: true, value: try SQLValue(swiftValue: Self.identifier(of: identifiable)),
        dialect: dialect))
    return KeysetCondition(keys: keys, dialect: dialect).fragment
  }

  private static func identifier(of model: some Identifiable) -> Any { model.id }

  func appendPage<Model>(_ descriptor: FetchDescriptor<Model>, to query: inout SQLFragment) {
    guard descriptor.fetchLimit != nil || descriptor.fetchOffset != nil else { return }
    let page = Self.pageBindings(limit: descriptor.fetchLimit, offset: descriptor.fetchOffset)
    dialect.appendPage(limit: page[0], offset: page[1], to: &query)
  }
}
