import Foundation
import SQLValues
import SQLiteCore

extension RowEncoder {
  /// The encoded row as values, one per column: for an engine that binds values rather than
  /// SQLite's borrowed slots.
  var values: [SQLValue] {
    slots.map { slot in
      switch slot {
      case .null: .null
      case .integer(let integer): .integer(integer)
      case .real(let real): .real(real)
      case .text(let offset, let count): .text(String(decoding: bytes[offset..<offset + count], as: UTF8.self))
      case .blob(let offset, let count): .blob(Data(bytes[offset..<offset + count]))
      }
    }
  }
}
