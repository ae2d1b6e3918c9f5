import Foundation
import Persistence

/// A second model for the generic repository contract, declared only in the tests: a book
/// with a unique ISBN and an optional page count, stored as a template user would store their
/// own model, with no engine change.
struct NovelRecord: Codable, Sendable, Hashable, Identifiable {
  var id: UUID
  var title: String
  var author: String
  var year: Int
  var isbn: String
  var pages: Int?
  /// Whether the reader finished it: a `Bool` to sort by.
  var isRead = false
  /// Whether the copy is signed, if known: an optional `Bool` to sort by.
  var isSigned: Bool?
}

extension NovelRecord: PersistentModel {
  static let entity = Entity<NovelRecord>(
    table: "novels", indexes: [Entity.Index(\.year)], unique: [Entity.Unique(\.isbn)])
}

// Read through the row path, skipping `Codable`, so the whole generic contract checks it on
// SQLite.
extension NovelRecord: RowDecodable {
  init(row: StoredRow) throws {
    self.init(
      id: try row.decode(forKey: "id"), title: try row.decode(forKey: "title"),
      author: try row.decode(forKey: "author"), year: try row.decode(forKey: "year"),
      isbn: try row.decode(forKey: "isbn"), pages: try row.decodeIfPresent(forKey: "pages"),
      isRead: try row.decode(forKey: "isRead"), isSigned: try row.decodeIfPresent(forKey: "isSigned"))
  }
}
