import SQLValues

/// The `WHERE` condition of keyset paging: the rows that come after a position in a sort
/// order, as ``FetchDescriptor/after`` asks.
///
/// For sort keys `a` ascending and `b` descending, then the primary key, the rows after
/// `(x, y, k)` are `a >= x AND (a > x OR (a = x AND (b < y OR (b = y AND "id" > k))))`: the
/// leading bound on `a` is a range an index on `a` answers, the rest settles ties. `NULL`
/// sorts as SQLite sorts it — first ascending, last descending — so an optional key's `NULL`
/// is compared with `IS NULL`, never with `=` or `<`, which would be neither true nor false.
struct KeysetCondition {
  /// One key of the order, and the position's value of it.
  struct Key {
    /// The column, quoted.
    let column: String
    /// Whether the column may hold `NULL`.
    let isOptional: Bool
    /// Whether the key sorts ascending.
    let ascending: Bool
    /// The position's value, as its column stores it.
    let value: SQLValue
    /// The SQL of the value's parameter: `?`, or on PostgreSQL the cast to the column's type.
    let parameter: String

    /// The key of a column, in a dialect.
    init(column: Column, ascending: Bool, value: SQLValue, dialect: any SQLDialect) {
      let quoted = SQLIdentifier.quote(column.name)
      isOptional = column.isOptional
      self.ascending = ascending
      self.value = value
      self.column = quoted
      parameter = dialect.parameter(comparedWith: column)
    }
  }

  /// The keys of the order, the primary key among them (so that the order is total).
  let keys: [Key]
  /// The SQL written.
  let dialect: any SQLDialect

  /// The condition, with its values bound.
  var fragment: SQLFragment {
    guard let last = keys.last else { return SQLFragment(dialect.literal(true)) }
    var condition = after(last) ?? SQLFragment(dialect.literal(false))
    for key in keys.dropLast().reversed() {
      let tied = equal(key)
      let rest = SQLFragment("(\(tied.sql) AND \(condition.sql))", tied.bindings + condition.bindings)
      guard let beyond = after(key) else {
        condition = rest
        continue
      }
      condition = SQLFragment("(\(beyond.sql) OR \(rest.sql))", beyond.bindings + rest.bindings)
    }
    guard keys.count > 1, let bound = leadingBound(keys[0]) else { return condition }
    return SQLFragment("(\(bound.sql) AND \(condition.sql))", bound.bindings + condition.bindings)
  }

  /// The rows strictly after the position on one key; `nil` when none are (`NULL` descending).
  private func after(_ key: Key) -> SQLFragment? {
    switch (key.value, key.ascending) {
    case (.null, true): return SQLFragment("\(key.column) IS NOT NULL")
    case (.null, false): return nil
    case (_, true): return compare(key, ">")
    case (_, false):
      let before = compare(key, "<")
      guard key.isOptional else { return before }
      return SQLFragment("(\(before.sql) OR \(key.column) IS NULL)", before.bindings)
    }
  }

  /// `column op value` for one key.
  private func compare(_ key: Key, _ op: String) -> SQLFragment {
    return SQLFragment("\(key.column) \(op) \(key.parameter)", [key.value])
  }

  /// The rows tied with the position on one key.
  private func equal(_ key: Key) -> SQLFragment {
    key.value == .null ? SQLFragment("\(key.column) IS NULL") : compare(key, "=")
  }

  /// A range on the first key that holds every row after the position, so that an index on it
  /// starts at the position instead of reading the rows before; `nil` where no plain range does.
  private func leadingBound(_ key: Key) -> SQLFragment? {
    guard key.value != .null, key.ascending || !key.isOptional else { return nil }
    return compare(key, key.ascending ? ">=" : "<=")
  }
}
