import Foundation
import Repositories
import Testing

@testable import Persistence

/// A sort by a `Bool` goes through the one sort translation: it orders by the column itself
/// (which an index on it serves), and a key path that reaches no stored `Bool` is refused.
@Suite("Sorting by a Bool in SQL")
struct BoolSortTranslationTests {
  let builder: QueryBuilder

  init() throws {
    builder = QueryBuilder(
      table: try #require(Schema(NovelRecord.self).models.first).resolve(), modelName: "NovelRecord",
      dialect: SQLiteDialect())
  }

  @Test func aBoolSortOrdersByItsColumn() throws {
    let descriptor = FetchDescriptor<NovelRecord>(
      sortBy: [SortDescriptor(\.isRead), SortDescriptor(\.isSigned, order: .reverse), SortDescriptor(\.year)])
    #expect(
      try builder.select(descriptor).sql.hasSuffix(#"ORDER BY "isRead" ASC, "isSigned" DESC, "year" ASC, "id" ASC"#))
  }

  @Test func aSortByAComputedBoolIsRefusedSayingWhy() throws {
    let descriptor = FetchDescriptor<NovelRecord>(sortBy: [SortDescriptor(\.isLong)])
    #expect {
      _ = try builder.select(descriptor)
    } throws: { error in
      "\(error)".contains("cannot sort by NovelRecord.") && "\(error)".contains("computed property")
    }
  }
}

extension NovelRecord {
  /// Whether the novel has more than 500 pages: computed, so no column holds it.
  fileprivate var isLong: Bool { (pages ?? 0) > 500 }
}
