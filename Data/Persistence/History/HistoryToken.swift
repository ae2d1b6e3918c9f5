/// Marks a place in a store's history: each committed transaction has a token greater than
/// every earlier one's. Keep the last one seen to ask for what happened since.
public struct HistoryToken: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
  /// The token's number.
  public let value: Int64

  /// A token from its number, as ``description`` writes it.
  public init(_ value: Int64) {
    self.value = value
  }

  /// The number, such as `42`.
  public var description: String { "\(value)" }

  /// Orders tokens as their transactions committed.
  public static func < (lhs: HistoryToken, rhs: HistoryToken) -> Bool { lhs.value < rhs.value }
}
