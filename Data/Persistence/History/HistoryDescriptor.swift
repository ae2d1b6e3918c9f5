public import Foundation

/// Which transactions of a store's history to read or delete, oldest first: SwiftData's
/// `HistoryDescriptor`, with a predicate over ``HistoryTransaction`` and a limit.
///
/// Comparisons of `token`, `timestamp` and `author` (and `&&`, `||`, `!` of them) run in SQL on
/// the table of transactions; any other part of the predicate — on `changes`, say — is
/// evaluated in Swift on the transactions the SQL parts let through, so a predicate is never
/// ignored, only slower.
///
/// <!-- snippet context: movies -->
/// ```swift
/// let context = try ModelContext(container)
/// let since = HistoryToken(41)
/// var descriptor = HistoryDescriptor(predicate: #Predicate { $0.token > since && $0.author == "importer" })
/// descriptor.fetchLimit = 100
/// let transactions = try context.fetchHistory(descriptor)
/// ```
public struct HistoryDescriptor: Sendable {
  /// The transactions to include; every one when `nil`.
  public var predicate: Predicate<HistoryTransaction>?
  /// The most transactions to include, the oldest first; all of them when `nil`.
  public var fetchLimit: Int?

  /// A descriptor of the transactions a predicate accepts, at most `fetchLimit` of them.
  public init(predicate: Predicate<HistoryTransaction>? = nil, fetchLimit: Int? = nil) {
    self.predicate = predicate
    self.fetchLimit = fetchLimit
  }
}
