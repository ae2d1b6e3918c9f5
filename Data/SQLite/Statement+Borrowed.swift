internal import CSQLite

extension Statement {
  /// Binds `values` to parameters 1, 2, … without copying their bytes, steps once, and passes the
  /// row it returns (a `RETURNING` clause's) to `read` before resetting the statement.
  ///
  /// Text and blobs point into `bytes` ([`SQLITE_STATIC`](https://www.sqlite.org/c3ref/bind_blob.html)),
  /// which stays alive and unchanged until the step is done. Values beyond the statement's
  /// parameter count are not bound (an `UPDATE` that writes only some columns). `bytes` must not
  /// be empty, so that every range has an address and an empty value binds as empty, not `NULL`.
  ///
  /// - Returns: what `read` returned, or `nil` when the statement returned no row.
  /// - Throws: ``SQLiteError`` if a bind or the step fails.
  package func step<T>(
    binding values: [BorrowedValue], in bytes: [UInt8], reading read: (Statement) -> T
  ) throws(SQLiteError) -> T? {
    defer { reset() }
    let (code, value) = bytes.withUnsafeBytes { buffer -> (Int32, T?) in
      guard let base = buffer.baseAddress else { return (SQLITE_MISUSE, nil) }
      let bound = bind(values, base: base)
      guard bound == SQLITE_OK else { return (bound, nil) }
      // Stepping stays inside this closure: the bound text points into the buffer.
      switch sqlite3_step(handle) {
      case SQLITE_ROW: return (SQLITE_OK, read(self))
      case SQLITE_DONE: return (SQLITE_OK, nil)
      case let code: return (code, nil)
      }
    }
    guard code == SQLITE_OK else { throw bindError(code) }
    return value
  }

  private func bind(_ values: [BorrowedValue], base: UnsafeRawPointer) -> Int32 {
    let count = Int(sqlite3_bind_parameter_count(handle))
    for (index, value) in values.prefix(count).enumerated() {
      let parameter = Int32(index + 1)
      let code: Int32
      switch value {
      case .null:
        code = sqlite3_bind_null(handle, parameter)
      case .integer(let value):
        code = sqlite3_bind_int64(handle, parameter, value)
      case .real(let value):
        code = sqlite3_bind_double(handle, parameter, value)
      case .text(let offset, let count):
        code = sqlite3_bind_text64(
          handle, parameter, (base + offset).assumingMemoryBound(to: CChar.self), UInt64(count), nil,
          UInt8(SQLITE_UTF8))
      case .blob(let offset, let count):
        code = sqlite3_bind_blob64(handle, parameter, base + offset, UInt64(count), nil)
      }
      guard code == SQLITE_OK else { return code }
    }
    return SQLITE_OK
  }
}
