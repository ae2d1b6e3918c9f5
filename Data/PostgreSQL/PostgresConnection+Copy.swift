import CLibPQ

extension PostgresConnection {
  /// Runs a `COPY … FROM STDIN` statement, sending `rows` as its data, and returns how many rows
  /// it wrote: PostgreSQL's fastest way to load many rows, a stream of values with no statement
  /// per row.
  ///
  /// Each row holds one value per column the statement names, in order. Values travel in COPY's
  /// text format, which the server reads as each column's type, as it reads a parameter: text
  /// with its tabs, line breaks and backslashes escaped, bytes as `bytea`'s hex form, `NULL` as
  /// `\N`. The rows are sent in pieces of about 64 KiB, so a large load is never held whole.
  ///
  /// The COPY is one statement: if any row is refused (a unique violation, a value the column's
  /// type cannot read) none is written.
  ///
  /// - Throws: ``PostgresError`` if the statement is not a `COPY … FROM STDIN`, if the server
  ///   refuses a row (then nothing is written), or if a text value holds a NUL character (the
  ///   COPY is abandoned, and nothing is written).
  public func copy(_ sql: String, rows: some Sequence<[PostgresValue]>) throws(PostgresError) -> Int {
    guard let started = PQexec(handle, sql) else {
      throw PostgresError(of: handle)
    }
    guard PQresultStatus(started) == PGRES_COPY_IN else {
      // An error the server reported, or a statement that is no COPY FROM STDIN (a COPY TO
      // STDOUT's rows are read and dropped, so the connection is ready for the next statement).
      if PQresultStatus(started) == PGRES_COPY_OUT {
        PQclear(started)
        var row: UnsafeMutablePointer<CChar>?
        while PQgetCopyData(handle, &row, 0) > 0 { PQfreemem(row) }
        drainResults()
      } else {
        _ = try PostgresResult(started, on: handle)
      }
      throw PostgresError(code: nil, message: "copy(_:rows:) runs only a COPY … FROM STDIN statement")
    }
    PQclear(started)
    var buffer: [UInt8] = []
    buffer.reserveCapacity(Self.copyChunk + 4_096)
    do {
      for (index, row) in rows.enumerated() {
        for (column, value) in row.enumerated() {
          if column > 0 { buffer.append(UInt8(ascii: "\t")) }
          try Self.appendCopyText(of: value, to: &buffer, row: index, column: column)
        }
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= Self.copyChunk {
          try sendCopyData(buffer)
          buffer.removeAll(keepingCapacity: true)
        }
      }
      if !buffer.isEmpty { try sendCopyData(buffer) }
    } catch {
      // Abandons the COPY: the server fails it, and writes nothing.
      _ = PQputCopyEnd(handle, error.message)
      drainResults()
      throw error
    }
    guard PQputCopyEnd(handle, nil) == 1 else {
      throw PostgresError(of: handle)
    }
    let finished = PQgetResult(handle)
    defer { drainResults() }
    return try PostgresResult(finished, on: handle).changedRows
  }

  /// How many bytes of rows are gathered before they are sent.
  private static let copyChunk = 65_536

  /// Sends a piece of COPY data.
  private func sendCopyData(_ bytes: [UInt8]) throws(PostgresError) {
    let sent = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { PQputCopyData(handle, $0.baseAddress, Int32($0.count)) }
    }
    guard sent == 1 else { throw PostgresError(of: handle) }
  }

  /// Reads the results left after a COPY, so the connection is ready for the next statement.
  private func drainResults() {
    while let result = PQgetResult(handle) { PQclear(result) }
  }

  /// Appends a value in COPY's text format.
  private static func appendCopyText(
    of value: PostgresValue, to buffer: inout [UInt8], row: Int, column: Int
  ) throws(PostgresError) {
    switch value {
    case .null:
      buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "N")])
    case .bytes(let bytes):
      // `\x` and hex digits; the backslash itself escaped, as COPY's text needs.
      buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\"), UInt8(ascii: "x")])
      let digits = Array("0123456789abcdef".utf8)
      for byte in bytes {
        buffer.append(digits[Int(byte >> 4)])
        buffer.append(digits[Int(byte & 0x0F)])
      }
    case .text(let text):
      for byte in text.utf8 {
        switch byte {
        case 0:
          throw PostgresError(
            code: nil,
            message: "row \(row + 1), column \(column + 1) holds a NUL character, which PostgreSQL text cannot")
        case UInt8(ascii: "\\"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
        case UInt8(ascii: "\t"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        case UInt8(ascii: "\n"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case UInt8(ascii: "\r"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        default: buffer.append(byte)
        }
      }
    case .integer, .real, .boolean:
      // Digits, letters and signs only: nothing to escape.
      buffer.append(contentsOf: (value.text ?? "").utf8)
    }
  }
}
