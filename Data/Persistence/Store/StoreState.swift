package import SQLiteCore

/// What a store keeps for its connection: the connection itself and the reusable codecs
/// of its statements. Only ever used under the store's lock.
package final class StoreState {
  package let connection: Connection
  let external: ExternalFiles?
  /// The recorder of the write transaction in progress, when the store keeps a history.
  package var history: HistoryRecorder?
  /// Whether the store was closed: its connection must not be used any more.
  var isClosed = false
  private var encoders: [String: RowEncoder] = [:]
  /// Model readers by SQL text, each reading its own prepared statement; bounded like the
  /// connection's statements, so user-given raw SQL cannot grow it without end.
  private var readers = BoundedCache<ModelReader>(capacity: Connection.statementCacheCapacity)

  init(connection: Connection, external: ExternalFiles?) {
    self.connection = connection
    self.external = external
  }

  /// Finalizes every statement the readers hold, and the connection's own, and closes the
  /// connection (``Connection/close()``). Nothing may use the state afterwards.
  ///
  /// - Throws: ``SQLiteError`` if SQLite refuses to close the connection.
  func close() throws(SQLiteError) {
    for reader in readers.values { reader.statement.finalize() }
    readers = BoundedCache(capacity: Connection.statementCacheCapacity)
    encoders = [:]
    try connection.close()
  }

  /// How many model readers the store keeps for reuse.
  var cachedReaderCount: Int { readers.count }

  /// The row encoder for a table, reused across calls.
  package func encoder(for table: TableSchema) -> RowEncoder {
    if let encoder = encoders[table.name] { return encoder }
    let encoder = RowEncoder(table: table, external: external, connection: connection)
    encoders[table.name] = encoder
    return encoder
  }

  /// The reader of a query's rows, on the query's prepared statement, reset and unbound.
  ///
  /// A reader keeps the statement it was made for, so a query read again costs one lookup
  /// of its SQL: the reader's, not the connection's as well. A statement the connection has
  /// since evicted from its own cache stays prepared for as long as its reader is kept.
  func reader(for sql: String, table: TableSchema) throws(SQLiteError) -> ModelReader {
    if let reader = readers.value(for: sql) {
      // A cursor that stopped early leaves its statement on a row.
      reader.statement.reset()
      return reader
    }
    let reader = ModelReader(statement: try connection.statement(sql), table: table, external: external)
    // The reader evicted to make room takes its statement with it, unless the connection
    // still keeps that statement.
    readers.insert(reader, for: sql)
    return reader
  }
}
