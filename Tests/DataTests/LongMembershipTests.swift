import Foundation
import Repositories
import TestSupport
import Testing

@testable import Persistence

/// A captured list too long for one parameter a value (or tested against a column that may be
/// `NULL`) is bound as one JSON array: every kind of value finds exactly the rows Swift's
/// `contains` finds, whatever its text holds.
@Suite("Long captured lists")
struct LongMembershipTests {
  /// Texts JSON must escape, or whose bytes are not ASCII.
  static let awkwardTexts = [
    "quote \" here", "back\\slash", "tab\there", "nul\u{0}in", "bell\u{7}", "slash/", "東京 🎬", "é",
  ]

  private func matches(
    _ records: [EdgeRecord], _ predicate: Predicate<EdgeRecord>
  ) async throws -> (sqlite: Set<String>, swift: Set<String>) {
    let kept = try await EdgeRecord.textsKept(by: predicate, from: records)
    return (Set(kept.sqlite), Set(kept.swift))
  }

  private func records(_ count: Int) -> [EdgeRecord] {
    (0..<count).map { index in
      var record = EdgeRecord.sample(text: index < Self.awkwardTexts.count ? Self.awkwardTexts[index] : "row \(index)")
      record.int = index
      record.double = Double(index) / 4
      record.optionalText = index % 3 == 0 ? nil : record.text
      return record
    }
  }

  @Test func listsLongerThanOneParameterAValueFindWhatSwiftFinds() async throws {
    let stored = records(40)
    let ints = Array(stride(from: 0, to: 20_000, by: 2))
    #expect(try await matches(stored, #Predicate { ints.contains($0.int) }).sqlite.count == 20)
    let doubles = ints.map { Double($0) / 4 } + [0.1, -0.0, 1e-7]
    let texts = Self.awkwardTexts + (0..<9_000).map { "row \($0 * 2)" }
    let ids = stored.prefix(5).map(\.id) + (0..<9_000).map { _ in UUID() }
    for predicate in [
      #Predicate<EdgeRecord> { doubles.contains($0.double) }, #Predicate<EdgeRecord> { texts.contains($0.text) },
      #Predicate<EdgeRecord> { ids.contains($0.id) }, #Predicate<EdgeRecord> { !texts.contains($0.text) },
    ] {
      let result = try await matches(stored, predicate)
      #expect(!result.sqlite.isEmpty)
      #expect(result.sqlite == result.swift)
    }
  }

  @Test func aLongListOfBlobsIsLookedUpInTheIndexAndFindsWhatSwiftFinds() async throws {
    let stored = records(40)
    let ids = (0..<9_000).map { _ in UUID() } + stored.suffix(3).map(\.id) + stored.prefix(2).map(\.other)
    let data = (0..<9_000).map { Data("blob \($0)".utf8) } + stored.prefix(4).map(\.data) + [Data()]
    for predicate in [
      #Predicate<EdgeRecord> { ids.contains($0.id) }, #Predicate<EdgeRecord> { ids.contains($0.other) },
      #Predicate<EdgeRecord> { data.contains($0.data) }, #Predicate<EdgeRecord> { !ids.contains($0.id) },
    ] {
      let result = try await matches(stored, predicate)
      #expect(!result.sqlite.isEmpty)
      #expect(result.sqlite == result.swift)
    }
    // The column itself is compared, not its hex text, so SQLite can use its index.
    let table = try EdgeRecord.entityTable()
    let condition = try PredicateTranslator(table: table, modelName: "EdgeRecord", dialect: SQLiteDialect()).condition(
      #Predicate<EdgeRecord> { ids.contains($0.id) })
    #expect(condition.sql == #"("id" IN (SELECT swift_unhex(value) FROM json_each(?)))"#)
  }

  @Test func aListTestedAgainstAColumnThatMayBeNullFindsWhatSwiftFinds() async throws {
    let stored = records(40)
    let texts: [String?] = Self.awkwardTexts + (0..<300).map { "row \($0 * 2)" } + [nil]
    let result = try await matches(stored, #Predicate { texts.contains($0.optionalText) })
    #expect(result.sqlite.count > 14 && result.sqlite.count < 40)
    #expect(result.sqlite == result.swift)
    // Negated, with and without nil among the values, short and long: a NULL row is kept
    // exactly where Swift keeps it.
    let present = Array(texts.dropLast())
    for list in [texts, present, Array(texts.prefix(3)), [nil, "row 2"]] {
      for predicate in [
        #Predicate<EdgeRecord> { !list.contains($0.optionalText) },
        #Predicate<EdgeRecord> { list.contains($0.optionalText) },
      ] {
        let result = try await matches(stored, predicate)
        #expect(result.sqlite == result.swift, "\(list.count) values")
      }
    }
  }
}
