internal import CSQLite
package import Foundation
package import SQLValues

extension Statement {
  /// Binds a value to a 1-based parameter; text and blobs are copied by SQLite.
  ///
  /// Text is bound with its UTF-8 byte count, so NUL characters survive; an empty blob is
  /// bound as a zero-length blob, never as `NULL`.
  ///
  /// - Throws: ``SQLiteError`` if the index is out of range.
  package func bind(_ value: SQLValue, at index: Int32) throws(SQLiteError) {
    let code: Int32
    switch value {
    case .null:
      code = sqlite3_bind_null(handle, index)
    case .integer(let integer):
      code = sqlite3_bind_int64(handle, index, integer)
    case .real(let real):
      code = sqlite3_bind_double(handle, index, real)
    case .text(var text):
      code = text.withUTF8 { bytes in
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
          return sqlite3_bind_text64(handle, index, "", 0, sqliteTransient, UInt8(SQLITE_UTF8))
        }
        return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
          sqlite3_bind_text64(handle, index, $0, UInt64(bytes.count), sqliteTransient, UInt8(SQLITE_UTF8))
        }
      }
    case .blob(let data):
      code = data.withUnsafeBytes { bytes in
        if bytes.isEmpty { return sqlite3_bind_zeroblob(handle, index, 0) }
        return sqlite3_bind_blob64(handle, index, bytes.baseAddress, UInt64(bytes.count), sqliteTransient)
      }
    }
    guard code == SQLITE_OK else { throw bindError(code) }
  }

  /// Binds values to parameters 1, 2, … in order.
  package func bind(_ values: [SQLValue]) throws(SQLiteError) {
    for (offset, value) in values.enumerated() {
      try bind(value, at: Int32(offset + 1))
    }
  }

  /// The storage class of a column in the current row.
  @inline(__always)
  package func storageClass(at index: Int32) -> StorageClass { StorageClass(code: sqlite3_column_type(handle, index)) }

  /// Reads a column of the current row as a value of its storage class.
  package func value(at index: Int32) -> SQLValue {
    switch sqlite3_column_type(handle, index) {
    case SQLITE_INTEGER: .integer(sqlite3_column_int64(handle, index))
    case SQLITE_FLOAT: .real(sqlite3_column_double(handle, index))
    case SQLITE_TEXT: .text(text(at: index))
    case SQLITE_BLOB: .blob(data(at: index))
    default: .null
    }
  }

  /// Reads a column as text, keeping any NUL characters.
  @inline(__always)
  package func text(at index: Int32) -> String {
    guard let pointer = sqlite3_column_text(handle, index) else { return "" }
    let count = Int(sqlite3_column_bytes(handle, index))
    return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
  }

  /// Calls `body` with the UTF-8 bytes of a text column, without copying them.
  @inline(__always)
  package func withText<T>(at index: Int32, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
    let pointer = sqlite3_column_text(handle, index)
    let count = Int(sqlite3_column_bytes(handle, index))
    return try body(UnsafeRawBufferPointer(start: pointer, count: pointer == nil ? 0 : count))
  }

  /// Reads a column as bytes.
  @inline(__always)
  package func data(at index: Int32) -> Data {
    guard let pointer = sqlite3_column_blob(handle, index) else { return Data() }
    return Data(bytes: pointer, count: Int(sqlite3_column_bytes(handle, index)))
  }

  /// Reads a column as a 64-bit integer.
  @inline(__always)
  package func int64(at index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

  /// Reads a column as a double.
  @inline(__always)
  package func double(at index: Int32) -> Double { sqlite3_column_double(handle, index) }

  /// The UUID a 16-byte blob column holds, or `nil` for any other value.
  package func uuid(at index: Int32) -> UUID? {
    guard storageClass(at: index) == .blob else { return nil }
    return withBlob(at: index) { bytes -> UUID? in
      guard bytes.count == 16 else { return nil }
      var value = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)).uuid
      withUnsafeMutableBytes(of: &value) { $0.copyMemory(from: bytes) }
      return UUID(uuid: value)
    }
  }

  /// Calls `body` with the bytes of a blob column, without copying them.
  @inline(__always)
  package func withBlob<T>(at index: Int32, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
    let pointer = sqlite3_column_blob(handle, index)
    let count = Int(sqlite3_column_bytes(handle, index))
    return try body(UnsafeRawBufferPointer(start: pointer, count: pointer == nil ? 0 : count))
  }
}

/// Tells SQLite to copy a bound value before the bind call returns.
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
