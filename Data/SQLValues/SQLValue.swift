public import Foundation

/// A value as SQLite stores it: one of its five [storage classes](https://www.sqlite.org/datatype3.html).
public enum SQLValue: Sendable, Hashable {
  /// `NULL`.
  case null
  /// A 64-bit signed integer.
  case integer(Int64)
  /// An 8-byte IEEE floating-point number.
  case real(Double)
  /// UTF-8 text, which may contain NUL characters.
  case text(String)
  /// Bytes; an empty blob is not `NULL`.
  case blob(Data)
}
