import Foundation
import PostgresCore
import Repositories
import RepositoryTesting
import TestSupport
import Testing

@testable import Persistence

/// What a random predicate leaves out or rarely meets, on a real server: where Swift would trap
/// the query fails; a force-unwrap fails only on nil; and the values and text where PostgreSQL's
/// own rules part from Swift's come back as Swift selects them.
@Suite("PostgreSQL answers the edges of predicates as Swift does", .needsPostgreSQL)
struct PostgresPredicateEdgeTests {
  let table: QueryRecordTable
  let stored: [UUID: QueryRecord]

  /// Texts where code points and characters part, integers around zero and at the extremes,
  /// doubles at the infinities and signed zeros, and dates a fraction of a microsecond apart.
  static let texts = [
    "👍🏽", "👍", "q\u{307}x", "qx", "e\u{301}", "É", "é", "A", "a", "🇫🇷🇫", "👩‍👩‍👧", "𝔘x", "%_", "",
  ]
  static let integers = [Int.min, Int.max, -7, -6, -5, -1, 0, 1, 5, 6, 7]
  static let doubles = [Double.infinity, -.infinity, -0.0, 0.0, 1.5, -.greatestFiniteMagnitude]

  init() throws {
    table = try QueryRecordTable()
    var random = QueryRandom(seed: 42)
    var records: [QueryRecord] = []
    for index in 0..<Self.texts.count * 2 {
      var record = random.record()
      record.text = Self.texts[index % Self.texts.count].precomposedStringWithCanonicalMapping
      record.int = Self.integers[index % Self.integers.count]
      record.optInt = index % 3 == 0 ? nil : record.int
      record.double = Self.doubles[index % Self.doubles.count]
      record.date = Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(index) * 0.000_000_4)
      records.append(record)
    }
    stored = Dictionary(uniqueKeysWithValues: try table.insert(records).map { ($0.id, $0) })
  }

  /// Requires that the query selects the records Swift's predicate does.
  func expectAgreement(_ predicate: Predicate<QueryRecord>, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let expected = try stored.values.filter { try predicate.evaluate($0) }.map(\.id)
    let selected = try table.fetch(FetchDescriptor(predicate: predicate), stored: stored)
    #expect(Set(selected) == Set(expected), sourceLocation: sourceLocation)
    #expect(selected.count == Set(selected).count, sourceLocation: sourceLocation)
  }

  /// Requires that the query fails with a PostgreSQL error of one of the codes.
  func expectFailure(
    _ predicate: Predicate<QueryRecord>, codes: Set<String>, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(sourceLocation: sourceLocation) {
      _ = try table.fetch(FetchDescriptor(predicate: predicate), stored: stored)
    } throws: { error in
      (error as? PostgresError)?.code.map(codes.contains) == true
    }
  }

  @Test func integerDivisionAndRemainderTruncateAsSwiftDoes() throws {
    for divisor in [2, 3, -2, -3, 1] {
      for expected in -3...3 {
        try expectAgreement(#Predicate { $0.int > -100 && $0.int < 100 && $0.int / divisor == expected })
        try expectAgreement(#Predicate { $0.int > -100 && $0.int < 100 && $0.int % divisor == expected })
      }
    }
  }

  @Test func whereSwiftWouldTrapTheQueryFails() {
    let (one, zero, minusOne) = (1, 0, -1)
    // int holds Int.max and Int.min: overflow is 22003, division by zero 22012.
    expectFailure(#Predicate { $0.int + one > 0 }, codes: ["22003"])
    expectFailure(#Predicate { $0.int - one < 0 }, codes: ["22003"])
    expectFailure(#Predicate { $0.int * 2 > 0 }, codes: ["22003"])
    expectFailure(#Predicate { -$0.int > 0 }, codes: ["22003"])
    expectFailure(#Predicate { $0.int / zero > 0 }, codes: ["22012"])
    expectFailure(#Predicate { $0.int / minusOne > 0 }, codes: ["22003"])
    // PostgreSQL's own `%` answers Int.min % -1; Swift overflows, and so does the query.
    expectFailure(#Predicate { $0.int % minusOne == 0 }, codes: ["22003"])
  }

  @Test func aForceUnwrapFailsOnNilOnly() throws {
    expectFailure(#Predicate { $0.optInt! > 0 }, codes: ["22P02"])
    // Where Swift never unwraps nil, neither does the query.
    try expectAgreement(#Predicate { $0.optInt == nil ? false : $0.optInt! > 0 })
  }

  @Test func textMatchesByCharactersOnceChecked() throws {
    for needle in ["👍", "q", "e", "e\u{301}", "🇫", "👩", "a", "A", "", "%", "𝔘"] {
      try expectAgreement(#Predicate { $0.text.contains(needle) })
      try expectAgreement(#Predicate { !$0.text.contains(needle) })
      try expectAgreement(#Predicate { $0.text.starts(with: needle) })
      try expectAgreement(#Predicate { !$0.text.starts(with: needle) || $0.int == 0 })
      try expectAgreement(#Predicate { $0.text == needle || $0.text > needle })
    }
  }

  @Test func infinitiesSignedZerosAndFloatingPointArithmetic() throws {
    for pivot in [0.0, -0.0, .infinity, -.infinity, 1e308] {
      try expectAgreement(#Predicate { $0.double == pivot })
      try expectAgreement(#Predicate { $0.double < pivot })
      // PostgreSQL fails on a float overflow where Swift gives an infinity: left to Swift.
      try expectAgreement(#Predicate { $0.double * 10 >= pivot })
      try expectAgreement(#Predicate { $0.double / 0 <= pivot || $0.double / 0 > pivot })
    }
  }

  @Test func datesCompareAsSwiftComparesTheDatesReadBack() throws {
    for record in stored.values {
      let date = record.date
      let nudged = Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate.nextUp)
      try expectAgreement(#Predicate { $0.date == date })
      try expectAgreement(#Predicate { $0.date < nudged })
      try expectAgreement(#Predicate { $0.date >= nudged })
    }
  }

  @Test func aDateRangeAndAPositionByDateAreAnsweredByTheColumnsIndex() async throws {
    try table.connection.execute(#"CREATE INDEX "QueryRecord_date" ON "QueryRecord" ("date")"#)
    try table.connection.execute("SET enable_seqscan = off")
    let (from, to) = (
      Date(timeIntervalSinceReferenceDate: 700_000_000), Date(timeIntervalSinceReferenceDate: 700_000_001)
    )
    var descriptor = FetchDescriptor<QueryRecord>(
      predicate: #Predicate { $0.date >= from && $0.date < to }, sortBy: [SortDescriptor(\.date)])
    descriptor.after = stored.values.first
    let query = try QueryBuilder(table: table.table, modelName: "QueryRecord", dialect: PostgresDialect()).select(
      descriptor)
    let plan = try table.connection.query(
      "EXPLAIN " + PostgresPlaceholders.numbered(query.sql), query.bindings.map(PostgresValue.init))
    let lines = (0..<plan.count).compactMap { plan.text(row: $0, column: 0) }
    #expect(lines.contains { $0.contains("Index Cond: ((date >= ") }, "\(lines)")
    let expected = try await InMemoryRepository(Array(stored.values)).fetch(descriptor).map(\.id)
    #expect(try table.fetch(descriptor, stored: stored) == expected)
  }

  @Test func aNaNIsRefusedWithAClearError() {
    for pivot in [Double.nan, -.nan] {
      #expect(throws: PersistenceError.self) {
        _ = try table.fetch(FetchDescriptor(predicate: #Predicate { $0.double < pivot }), stored: stored)
      }
    }
  }
}
