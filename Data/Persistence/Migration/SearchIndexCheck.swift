import SQLValues
import SQLiteCore

/// Whether each substring index (``SearchIndex``) of a store's tables covers exactly the table's
/// rows, read without writing: the rows the index has a document for (its `docsize` shadow
/// table), with its pending changes, against the table's own. FTS5's full `integrity-check` is a write command, which a
/// check that changes nothing cannot run; this finds an index that missed an insert or a delete,
/// not one that missed an update of a row it still holds.
struct SearchIndexCheck {
  let tables: [TableSchema]
  let connection: Connection

  /// A problem for each index that is missing or out of step with its table.
  func problems() throws -> [StoreProblem] {
    var problems: [StoreProblem] = []
    for table in tables {
      guard let index = SearchIndex(table) else { continue }
      // An index in the earlier form (with positions) is the engine's too: it narrows reads, and
      // the next writable open builds it again.
      guard try index.isStored(on: connection) else {
        problems.append(StoreProblem("the search index of '\(table.name)' is missing or not the engine's"))
        continue
      }
      // Changes not yet flushed into the index count as in it.
      let documents =
        "SELECT id FROM \(SQLIdentifier.quote(index.name + "_docsize")) WHERE id NOT IN "
        + "(SELECT \"row\" FROM \(SQLIdentifier.quote(index.pendingName)) WHERE \"deleted\" = 1) "
        + "UNION SELECT \"row\" FROM \(SQLIdentifier.quote(index.pendingName)) WHERE \"deleted\" = 0"
      let unindexed = try count("SELECT count(*) FROM \(table.quotedName) WHERE rowid NOT IN (\(documents))")
      let gone = try count(
        "SELECT count(*) FROM (\(documents)) WHERE id NOT IN (SELECT rowid FROM \(table.quotedName))")
      if unindexed > 0 || gone > 0 {
        problems.append(
          StoreProblem(
            "the search index of '\(table.name)' is out of step with its rows (\(unindexed) not indexed, "
              + "\(gone) indexed but gone)"))
      }
    }
    return problems
  }

  private func count(_ sql: String) throws -> Int64 {
    let statement = try connection.statement(sql)
    defer { statement.reset() }
    _ = try statement.step()
    return statement.int64(at: 0)
  }
}
