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

/// One row changed by a transaction.
public struct HistoryChange: Sendable, Hashable {
  /// The model type's name, such as `Movie`.
  public let model: String
  /// The model's identifier, as text (a UUID in its usual form).
  public let id: String
  /// Whether the row was inserted, updated or deleted.
  public let kind: PendingChange.Kind

  /// A change, as a test or a sync peer would write it.
  public init(model: String, id: String, kind: PendingChange.Kind) {
    self.model = model
    self.id = id
    self.kind = kind
  }
}
