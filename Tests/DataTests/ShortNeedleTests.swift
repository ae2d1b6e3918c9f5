import Foundation
import Repositories
import RepositoryTesting
import SQLValues
import SQLiteCore
import TestSupport
import Testing

@testable import Persistence

/// `contains` with a captured needle looks for the needle's bytes with SQLite's `instr` before
/// Swift's test: the rows it keeps, negated or on an optional column, are those Swift keeps —
/// where bytes and characters part ways (a combining mark, a Kelvin sign, CR LF) and for needles
/// too short for the substring index, which read every row this way.
@Suite("A needle's bytes are looked for before Swift's test")
struct ShortNeedleTests {
  static let texts = [
    "cafe\u{301}", "caf\u{E9}", "e", "\u{301}", "\u{212A}elvin", "Kelvin", "a\r\nb", "a\rb", "🎬", "👩‍👩‍👧", "x",
    "", "ab", "ßs", "50%_off", "Ünïcödé",
  ]
  static let needles = [
    "e", "\u{301}", "é", "e\u{301}", "K", "\u{212A}", "\r", "\n", "\r\n", "👩", "🎬", "%", "_", "ab", "s", "ö", "c",
  ]

  let books: [SearchBookRecord]
  let store: SQLiteRepository<SearchBookRecord>
  let folder: TemporaryDirectory

  init() async throws {
    folder = try TemporaryDirectory()
    let container = try ModelContainer(
      for: SearchBookRecord.self, configurations: ModelConfiguration("Books", url: folder.file("books.store")))
    store = try SQLiteRepository<SearchBookRecord>(container: container)
    // Every title once with no blurb and once as the blurb of another title.
    let written = Self.texts.enumerated().flatMap { index, text in
      [
        SearchBookRecord(title: text, blurb: nil, pages: index),
        SearchBookRecord(title: "t\(index)", blurb: text, pages: 100 + index),
      ]
    }
    try await store.insert(written)
    // Swift evaluates the values as the store holds them: text in NFC.
    books = try await store.fetchAll()
  }

  private func agree(_ predicate: Predicate<SearchBookRecord>, _ label: String) async throws {
    let descriptor = FetchDescriptor(predicate: predicate, sortBy: [SortDescriptor(\.pages)])
    let swift = try await InMemoryRepository(books).fetch(descriptor).map(\.pages)
    #expect(try await store.fetch(descriptor).map(\.pages) == swift, "\(label)")
  }

  @Test(arguments: needles)
  func theRowsAreThoseSwiftKeeps(needle: String) async throws {
    let label = needle.debugDescription
    try await agree(#Predicate { $0.title.contains(needle) }, "title \(label)")
    try await agree(#Predicate { !$0.title.contains(needle) }, "!title \(label)")
    try await agree(#Predicate { $0.blurb?.contains(needle) == true }, "blurb \(label)")
    try await agree(#Predicate { !($0.blurb?.contains(needle) ?? false) }, "!blurb \(label)")
    try await agree(#Predicate { $0.blurb.flatMap { $0.contains(needle) } != false }, "blurb != false \(label)")
  }

  @Test func aCapturedNeedleOnAColumnIsLookedForByItsBytesFirst() throws {
    let translator = PredicateTranslator(
      table: try SearchBookRecord.entityTable(), modelName: "SearchBookRecord", dialect: SQLiteDialect())
    let short = try translator.condition(#Predicate<SearchBookRecord> { $0.title.contains("é") })
    #expect(short.sql == #"(instr("title", ?) > 0 AND swift_contains("title", ?))"#)
    #expect(short.bindings == [.text("é"), .text("é")])
    // A needle holding NUL, which `instr` would read as text, and an empty one go to Swift alone.
    for needle in ["a\u{0}", ""] {
      let condition = try translator.condition(#Predicate<SearchBookRecord> { $0.title.contains(needle) })
      #expect(!condition.sql.contains("instr"), "\(needle.debugDescription)")
    }
  }
}
