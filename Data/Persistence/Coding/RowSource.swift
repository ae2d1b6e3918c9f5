import Foundation
import SQLValues
import SQLiteCore

/// The columns a ``RowDecoder`` reads: the current row of a SQLite statement, or a row of
/// values another engine has read (``ValueRow``).
///
/// Every read is one switch on the source, so the SQLite path keeps its zero-copy reads and
/// another engine needs no statement of its own kind in the decoder.
enum RowSource {
  /// The row a SQLite statement is on.
  case statement(Statement)
  /// A row of values with named columns.
  case values(ValueRow)

  /// The number of result columns.
  var columnCount: Int32 {
    switch self {
    case .statement(let statement): statement.columnCount
    case .values(let row): Int32(row.names.count)
    }
  }

  /// The name of a result column.
  func columnName(_ column: Int32) -> String {
    switch self {
    case .statement(let statement): statement.columnName(column)
    case .values(let row): row.names[Int(column)]
    }
  }

  /// The storage class of a column's value.
  @inline(__always)
  func storageClass(at column: Int32) -> StorageClass {
    switch self {
    case .statement(let statement): return statement.storageClass(at: column)
    case .values(let row):
      switch row.values[Int(column)] {
      case .null: return .null
      case .integer: return .integer
      case .real: return .real
      case .text: return .text
      case .blob: return .blob
      }
    }
  }

  /// A column's value.
  func value(at column: Int32) -> SQLValue {
    switch self {
    case .statement(let statement): statement.value(at: column)
    case .values(let row): row.values[Int(column)]
    }
  }

  /// An integer column's value.
  @inline(__always)
  func int64(at column: Int32) -> Int64 {
    switch self {
    case .statement(let statement): return statement.int64(at: column)
    case .values(let row):
      if case .integer(let value) = row.values[Int(column)] { return value }
      return 0
    }
  }

  /// A number column's value as a double (an integer converted, as SQLite does).
  @inline(__always)
  func double(at column: Int32) -> Double {
    switch self {
    case .statement(let statement): return statement.double(at: column)
    case .values(let row):
      switch row.values[Int(column)] {
      case .real(let value): return value
      case .integer(let value): return Double(value)
      default: return 0
      }
    }
  }

  /// A text column's value.
  @inline(__always)
  func text(at column: Int32) -> String {
    switch self {
    case .statement(let statement): return statement.text(at: column)
    case .values(let row):
      if case .text(let value) = row.values[Int(column)] { return value }
      return ""
    }
  }

  /// A blob column's bytes.
  @inline(__always)
  func data(at column: Int32) -> Data {
    switch self {
    case .statement(let statement): return statement.data(at: column)
    case .values(let row):
      if case .blob(let value) = row.values[Int(column)] { return value }
      return Data()
    }
  }

  /// The UUID a 16-byte blob column holds, or `nil` for any other value.
  func uuid(at column: Int32) -> UUID? {
    switch self {
    case .statement(let statement): return statement.uuid(at: column)
    case .values(let row):
      guard case .blob(let bytes) = row.values[Int(column)], bytes.count == 16 else { return nil }
      var value = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)).uuid
      withUnsafeMutableBytes(of: &value) { $0.copyBytes(from: bytes) }
      return UUID(uuid: value)
    }
  }

  /// Calls `body` with the bytes of a text or blob column, without copying a statement's.
  @inline(__always)
  func withBytes<T>(at column: Int32, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
    switch self {
    case .statement(let statement): return try statement.withBlob(at: column, body)
    case .values(let row):
      switch row.values[Int(column)] {
      case .text(let text):
        var text = text
        return try text.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
      case .blob(let data): return try data.withUnsafeBytes(body)
      default: return try body(UnsafeRawBufferPointer(start: nil, count: 0))
      }
    }
  }
}

/// One row of values and the names of its columns: what an engine that does not hand out
/// SQLite statements gives a ``RowDecoder``, row after row, in one reused instance.
final class ValueRow {
  /// The result columns' names.
  let names: [String]
  /// The current row's values, one per name.
  var values: [SQLValue]

  /// A row with the given columns, holding `NULL` until values are set.
  init(names: [String]) {
    self.names = names
    values = Array(repeating: .null, count: names.count)
  }
}
