import Persistence

extension Catalog {
  /// The transactions committed after a token (from the first without one), oldest first;
  /// only those of the named authors when `authors` is given; at most `limit` of them, each
  /// with at most its first `changeLimit` changes, when these are given (the rest of a
  /// transaction's changes come from ``fetchHistoryChanges(of:from:limit:)``).
  func fetchHistory(
    after token: HistoryToken?, authors: Set<String>?, limit: Int? = nil, changeLimit: Int? = nil
  ) async throws -> [HistoryTransaction] {
    try container.fetchHistory(after: token, authors: authors, limit: limit, changeLimit: changeLimit)
  }

  /// The transactions committed before a token (the newest without one), newest first; only
  /// those of the named authors when `authors` is given; at most `limit` of them, each with at
  /// most its first `changeLimit` changes.
  func fetchHistory(
    before token: HistoryToken?, authors: Set<String>?, limit: Int, changeLimit: Int? = nil
  ) async throws -> [HistoryTransaction] {
    try container.fetchHistory(before: token, authors: authors, limit: limit, changeLimit: changeLimit)
  }

  /// The changes of one transaction from the one at `offset` (from 0), at most `limit` of
  /// them: the rest of a transaction that ``fetchHistory(after:authors:limit:changeLimit:)``
  /// gave only the first changes of.
  func fetchHistoryChanges(of token: HistoryToken, from offset: Int, limit: Int) async throws -> [HistoryChange] {
    try container.fetchHistoryChanges(of: token, from: offset, limit: limit)
  }
}
