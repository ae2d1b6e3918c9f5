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
}

extension NovelRecord: PersistentModel {
  static let entity = Entity<NovelRecord>(
    table: "novels", indexes: [Entity.Index(\.year)], unique: [Entity.Unique(\.isbn)])
}
