import Persistence

/// Reads a catalog's history a page of transactions at a time, and a transaction's changes a
/// slice at a time, so that what is held stays small whatever the history holds: at most
/// ``transactionsPerPage`` transactions of ``firstChanges`` changes each, or one slice of
/// ``sliceChanges`` changes of a bigger transaction (an import of a million movies is one).
struct HistoryPages {
  /// The catalog whose history is read.
  let catalog: Catalog
  /// Where to start: after this token, or at the first transaction.
  let after: HistoryToken?
  /// Only the transactions of these authors, when given.
  let authors: Set<String>?
  /// The most transactions to read, or all of them.
  let limit: Int?

  /// How many transactions are read at a time.
  static let transactionsPerPage = 100
  /// How many changes of each transaction a page holds.
  static let firstChanges = 1_000
  /// How many further changes of a bigger transaction are read at a time.
  static let sliceChanges = 10_000

  /// Calls `begin` with each transaction in turn, oldest first, holding its first changes, then
  /// `more` with each further slice of its changes, in order, before the next transaction
  /// begins. Returns how many transactions it read and the last one's token.
  func each(
    begin: (HistoryTransaction) throws -> Void, more: ([HistoryChange]) throws -> Void
  ) async throws -> (count: Int, last: HistoryToken?) {
    var count = 0
    var last = after
    while count < limit ?? .max {
      let wanted = min(Self.transactionsPerPage, (limit ?? .max) - count)
      let page = try await catalog.fetchHistory(
        after: last, authors: authors, limit: wanted, changeLimit: Self.firstChanges)
      for transaction in page {
        try begin(transaction)
        try await readRest(of: transaction, more)
      }
      count += page.count
      guard let end = page.last?.token else { break }
      last = end
      if page.count < wanted { break }
    }
    return (count, count == 0 ? nil : last)
  }

  /// Reads the changes of a transaction after those its page held, a slice at a time.
  private func readRest(of transaction: HistoryTransaction, _ more: ([HistoryChange]) throws -> Void) async throws {
    var read = transaction.changes.count
    var full = read == Self.firstChanges
    while full {
      let slice = try await catalog.fetchHistoryChanges(of: transaction.token, from: read, limit: Self.sliceChanges)
      if !slice.isEmpty { try more(slice) }
      read += slice.count
      full = slice.count == Self.sliceChanges
    }
  }
}
