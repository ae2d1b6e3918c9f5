import Foundation
import SQLValues

extension SQLValue {
  /// Whether this primary-key value sorts before another as both databases order keys:
  /// numbers by value, text and bytes by their bytes (SQLite's `BINARY`, PostgreSQL's
  /// `COLLATE "C"` and `uuid` order).
  func precedesAsKey(_ other: SQLValue) -> Bool {
    switch (self, other) {
    case (.integer(let a), .integer(let b)): a < b
    case (.integer(let a), .real(let b)): Double(a) < b
    case (.real(let a), .integer(let b)): a < Double(b)
    case (.real(let a), .real(let b)): a < b
    case (.text(let a), .text(let b)): a.utf8.lexicographicallyPrecedes(b.utf8)
    case (.blob(let a), .blob(let b)): a.lexicographicallyPrecedes(b)
    default: rank < other.rank
    }
  }

  /// SQLite's order of storage classes, for keys of mixed classes.
  private var rank: Int {
    switch self {
    case .null: 0
    case .integer, .real: 1
    case .text: 2
    case .blob: 3
    }
  }
}
