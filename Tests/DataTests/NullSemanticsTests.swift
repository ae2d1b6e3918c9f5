import Foundation
import Persistence
import Repositories
import TestSupport
import Testing

/// `nil` behaves in SQL exactly as in Swift: checked against the in-memory repository, which
/// evaluates predicates with `Predicate.evaluate`.
@Suite("nil in predicates behaves as in Swift")
struct NullSemanticsTests {
  let records: [EdgeRecord] = [
    EdgeRecord.sample(text: "a"),
    {
      var record = EdgeRecord.sample(text: "b")
      record.optionalText = "x"
      return record
    }(),
    {
      var record = EdgeRecord.sample(text: "c")
      record.optionalText = ""
      return record
    }(),
  ]

  private func texts(_ predicate: Predicate<EdgeRecord>) async throws -> (sqlite: [String], swift: [String]) {
    try await EdgeRecord.textsKept(by: predicate, from: records)
  }

  @Test func nilEqualsNilAndNothingElse() async throws {
    let result = try await texts(#Predicate { $0.optionalText == nil })
    #expect(result.sqlite == ["a"])
    #expect(result.sqlite == result.swift)
  }

  @Test func notEqualToNilIsNotNull() async throws {
    let result = try await texts(#Predicate { $0.optionalText != nil })
    #expect(result.sqlite == ["b", "c"])
    #expect(result.sqlite == result.swift)
  }

  @Test func negatingAComparisonWithAValueKeepsTheNils() async throws {
    let result = try await texts(#Predicate { !($0.optionalText == "x") })
    #expect(result.sqlite == ["a", "c"])
    #expect(result.sqlite == result.swift)
  }

  @Test func nilCoalescingAndFlatMapTreatNilAsSwiftDoes() async throws {
    let coalesced = try await texts(#Predicate { ($0.optionalText ?? "x") == "x" })
    #expect(coalesced.sqlite == ["a", "b"])
    #expect(coalesced.sqlite == coalesced.swift)
    let mapped = try await texts(#Predicate { $0.optionalText.flatMap { $0.starts(with: "x") } != true })
    #expect(mapped.sqlite == ["a", "c"])
    #expect(mapped.sqlite == mapped.swift)
  }
}
