import Foundation
import RepositoryTesting

/// How the generic repository contract makes novels: seeded ones published in a few years
/// (so years repeat), changed by a page count, queried by year, sorted by whether read and signed.
struct NovelContractFixture: RepositoryContractFixture {
  /// A novel's identifier and its unique ISBN, as ``NovelRecord``'s `Entity` declares it.
  static let keys = ModelKeys<NovelRecord>(id: \.id, unique: [UniqueKey(\.isbn)])

  var keys: ModelKeys<NovelRecord> { Self.keys }
  var attribute: any KeyPath<NovelRecord, Int> & Sendable { \.year }
  var boolAttributes: BoolAttributes<NovelRecord>? { BoolAttributes(\.isRead, optional: \.isSigned) }

  /// Text with NUL, LIKE wildcards, a backslash and a decomposed accent; the extremes of
  /// `Int`; no page count and the largest one.
  let edgeCases = [
    NovelRecord(
      id: UUID(fixture: 201), title: "Nul\u{0}Title", author: "100% _under\\score_", year: .min,
      isbn: "edge-1", pages: nil),
    NovelRecord(
      id: UUID(fixture: 202), title: "", author: "Emile\u{301} 🇫🇷", year: .max, isbn: "edge-2", pages: .max,
      isRead: true, isSigned: false),
    NovelRecord(
      id: UUID(fixture: 203), title: "Robert'); DROP TABLE novels;--", author: "\"quoted\"", year: 0,
      isbn: "edge-3\u{0}tail", pages: 0),
  ]

  func model(_ number: Int, using generator: inout SplitMix64) -> NovelRecord {
    let authors = ["Ursula K. Le Guin", "Italo Calvino", "Toni Morrison", "Stanisław Lem"]
    return NovelRecord(
      id: UUID(fixture: UInt8(number + 1)),
      title: "Novel \(number)",
      author: authors[Int.random(in: authors.indices, using: &generator)],
      year: Int.random(in: 1960...1966, using: &generator),
      isbn: "978-0-00-\(1000 + number)",
      pages: Bool.random(using: &generator) ? Int.random(in: 80...900, using: &generator) : nil,
      isRead: Bool.random(using: &generator),
      isSigned: [nil, false, true][Int.random(in: 0...2, using: &generator)]
    )
  }

  func changing(_ novel: NovelRecord) -> NovelRecord {
    var changed = novel
    changed.pages = (novel.pages ?? 0) == 1 ? 2 : 1
    changed.title += " (revised)"
    return changed
  }
}
