public import Foundation

/// One committed transaction of a store's history: when, by whom, and every row it changed.
public struct HistoryTransaction: Sendable, Hashable {
  /// The transaction's place in the history.
  public let token: HistoryToken
  /// When it committed.
  public let timestamp: Date
  /// The author its context named, if any.
  public let author: String?
  /// Every row it inserted, updated or deleted, in order; cascaded deletes included.
  public let changes: [HistoryChange]

  /// The names of the model types it changed.
  public var models: Set<String> { Set(changes.map(\.model)) }
}
