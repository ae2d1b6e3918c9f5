import Persistence

/// Writes `movies history` as a table or CSV, a row per change (``HistoryChangeRow``), as the
/// pages of the history are read: CSV at once; a table from the history read twice, once to
/// measure its columns and once to write it, as `list` lays out its table.
struct HistoryRowsOutput {
  /// The format: a table or CSV.
  let format: RowFormat

  /// Writes the history that `pages` read to a console. Returns how many transactions it read
  /// and the last one's token.
  func write(_ pages: HistoryPages, to console: Console) async throws -> (count: Int, last: HistoryToken?) {
    let output = OutputBuffer { text in if format == .table { console.show(text) } else { console.writeData(text) } }
    guard format == .table else {
      var header = true
      var fields = RepeatedFields()
      let read = try await each(of: pages) { row in
        let record = try FieldEncoder.fields(of: row)
        if header { try output.append(CSVWriter.line(record.map(\.name))) }
        header = false
        try output.append(CSVWriter.line(fields.texts(of: record.map(\.value), \.csvField)))
      }
      try output.flush()
      return read
    }
    var table = MeasuredTable()
    let measured = try await each(of: pages) { try table.measure($0) }
    guard table.count > 0 else {
      console.show("No history.\n")
      return measured
    }
    try output.append(table.header)
    // The same transactions again: those measured, none committed since.
    let again = HistoryPages(catalog: pages.catalog, after: pages.after, authors: pages.authors, limit: measured.count)
    _ = try await each(of: again) { try output.append(try table.line($0)) }
    try output.flush()
    return measured
  }

  /// Calls `body` with the row of each change the pages read, in order.
  private func each(
    of pages: HistoryPages, _ body: (HistoryChangeRow) throws -> Void
  ) async throws -> (count: Int, last: HistoryToken?) {
    var current: HistoryTransaction?
    return try await pages.each { transaction in
      current = transaction
      for change in transaction.changes { try body(HistoryChangeRow(change, of: transaction)) }
    } more: { changes in
      guard let current else { return }
      for change in changes { try body(HistoryChangeRow(change, of: current)) }
    }
  }
}
