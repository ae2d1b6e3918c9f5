import Foundation
import Persistence

/// One change of `movies history` as a table or CSV row: its transaction's token, time and
/// author, then the change.
struct HistoryChangeRow: Encodable {
  let token: Int64
  let committed: Date
  let author: String?
  let kind: String
  let model: String
  let id: String
  /// An update's changed attributes, by name.
  let updated: [String]
  /// A delete's preserved values, as `title=Alien`.
  let preserved: [String]

  /// The row of a change of a transaction.
  init(_ change: HistoryChange, of transaction: HistoryTransaction) {
    token = transaction.token.value
    committed = transaction.timestamp
    author = transaction.author
    kind = change.kind.rawValue
    model = change.model
    id = change.id
    updated = change.updatedAttributes.sorted()
    preserved = change.preservedValues.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.text(of: $0.value))" }
  }

  /// A preserved value as text: numbers in decimal, bytes in hexadecimal, `nil` for none.
  static func text(of value: HistoryValue) -> String {
    switch value {
    case .null: "nil"
    case .integer(let number): "\(number)"
    case .real(let number): "\(number)"
    case .text(let text): text
    case .blob(let data): data.map { String(format: "%02x", $0) }.joined()
    }
  }
}
