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
  /// Row decoders by SQL text, each reading its own prepared statement; bounded like the
  /// connection's statements, so user-given raw SQL cannot grow it without end.
  private var decoders = BoundedCache<RowDecoder>(capacity: Connection.statementCacheCapacity)

  init(connection: Connection, external: ExternalFiles?) {
    self.connection = connection
    self.external = external
  }

  deinit {
    // A decoder's reusable container refers back to the decoder; release that cycle so the
    // decoders, and the statements they read, are freed with the store.
    for decoder in decoders.values { decoder.reusableContainer = nil }
  }

  /// Finalizes every statement the codecs hold, and the connection's own, and closes the
  /// connection (``Connection/close()``). Nothing may use the state afterwards.
  ///
  /// - Throws: ``SQLiteError`` if SQLite refuses to close the connection.
  func close() throws(SQLiteError) {
    for decoder in decoders.values {
      decoder.reusableContainer = nil
      decoder.statement.finalize()
    }
    decoders = BoundedCache(capacity: Connection.statementCacheCapacity)
    encoders = [:]
    try connection.close()
  }

  /// How many row decoders the store keeps for reuse.
  var cachedDecoderCount: Int { decoders.count }

  /// The row encoder for a table, reused across calls.
  package func encoder(for table: TableSchema) -> RowEncoder {
    if let encoder = encoders[table.name] { return encoder }
    let encoder = RowEncoder(table: table, external: external, connection: connection)
    encoders[table.name] = encoder
    return encoder
  }

  /// The prepared statement for a query and the row decoder that reads its results.
  func decoder(for sql: String, table: TableSchema) throws(SQLiteError) -> RowDecoder {
    let statement = try connection.statement(sql)
    // The connection may have evicted and prepared the statement again: a decoder reads the
    // statement it was made for, so one of an older statement is replaced.
    if let decoder = decoders.value(for: sql), decoder.statement === statement { return decoder }
    let decoder = RowDecoder(statement: statement, table: table, external: external)
    // A decoder's reusable container refers back to the decoder; release that cycle so the
    // forgotten decoder, and the statement it reads, are freed.
    decoders.insert(decoder, for: sql)?.reusableContainer = nil
    return decoder
  }
}
