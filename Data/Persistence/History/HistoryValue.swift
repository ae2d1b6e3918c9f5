public import Foundation
import SQLValues

/// A value a deleted model preserved in the history (``Entity`` `preservedOnDeletion`), as
/// SQLite stored it: a `Date` is a real (seconds since 2001), a `UUID` 16 bytes, a `Bool` 0 or
/// 1, a nested value JSON text. ``HistoryChange/preservedValue(_:)`` hands it back typed.
public enum HistoryValue: Sendable, Hashable, Codable {
  /// No value: the attribute was `nil`.
  case null
  /// A whole number, a `Bool` or a raw-value enum's integer.
  case integer(Int64)
  /// A floating-point number or a `Date`.
  case real(Double)
  /// Text: a `String`, a URL, or JSON of a nested value.
  case text(String)
  /// Bytes: `Data`, or a `UUID`'s 16.
  case blob(Data)

  init(_ value: SQLValue) {
    switch value {
    case .null: self = .null
    case .integer(let number): self = .integer(number)
    case .real(let number): self = .real(number)
    case .text(let text): self = .text(text)
    case .blob(let data): self = .blob(data)
    }
  }

  /// The value as the engine binds it.
  var sqlValue: SQLValue {
    switch self {
    case .null: .null
    case .integer(let number): .integer(number)
    case .real(let number): .real(number)
    case .text(let text): .text(text)
    case .blob(let data): .blob(data)
    }
  }
}
