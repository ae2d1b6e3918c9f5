import Foundation
import SQLValues
import SQLiteCore
import Testing

@testable import Persistence

/// Values captured in a predicate bind as the row encoder stores them, whichever way the
/// translator converts them: by their static type (`UUID`, `Int`, `String`, `Date`, `Double`,
/// and arrays of the first three) or through `Any`.
@Suite("Captured values bind as their columns store them")
struct CapturedValueBindingTests {
  let translator: PredicateTranslator

  init() throws {
    translator = PredicateTranslator(
      table: try #require(Schema(EdgeRecord.self).models.first).resolve(), modelName: "EdgeRecord",
      dialect: SQLiteDialect())
  }

  private func bindings(_ predicate: Predicate<EdgeRecord>) throws -> [SQLValue] {
    try translator.condition(predicate).bindings
  }

  @Test func valuesOfTheUsualTypesBindAsStored() throws {
    let id = UUID()
    let decomposed = "Ame\u{301}lie"
    let date = Date(timeIntervalSinceReferenceDate: 12.5)
    let number = 7
    let real = 2.5
    #expect(try bindings(#Predicate { $0.other == id }) == [SQLValue(id)])
    #expect(try bindings(#Predicate { $0.text == decomposed }) == [.text("Am\u{E9}lie")], "in NFC, as stored")
    #expect(try bindings(#Predicate { $0.date < date }) == [.real(12.5)])
    #expect(try bindings(#Predicate { $0.int == number }) == [.integer(7)])
    #expect(try bindings(#Predicate { $0.double > real }) == [.real(2.5)])
  }

  @Test func aNaNIsRefusedAsBefore() throws {
    let undefined = Double.nan
    #expect(
      throws: PersistenceError.unsupportedQuery(
        "invalid value: NaN cannot be stored or compared (a value in a predicate on EdgeRecord)")
    ) {
      try bindings(#Predicate { $0.double > undefined })
    }
  }

  @Test func membersOfArraysAndOtherSequencesBindAsStored() throws {
    let ids = [UUID(), UUID()]
    #expect(try bindings(#Predicate { ids.contains($0.other) }) == ids.map(SQLValue.init))
    let set: Set<UUID> = [ids[0]]
    #expect(try bindings(#Predicate { set.contains($0.other) }) == [SQLValue(ids[0])])
    let optionals: [String?] = ["a", "b"]
    #expect(try bindings(#Predicate { optionals.contains($0.optionalText) }) == [.text("a"), .text("b")])
    let texts = ["Ame\u{301}lie", "Heat"]
    #expect(try bindings(#Predicate { texts.contains($0.text) }) == [.text("Am\u{E9}lie"), .text("Heat")])
    let numbers = [3, 1]
    #expect(try bindings(#Predicate { numbers.contains($0.int) }) == [.integer(3), .integer(1)])
    let dates = [Date(timeIntervalSinceReferenceDate: 1)]
    #expect(try bindings(#Predicate { dates.contains($0.date) }) == [.real(1)])
  }

  @Test func capturedBooleansStillFold() throws {
    let enabled = false
    #expect(try translator.condition(#Predicate<EdgeRecord> { enabled || $0.int > 1 }).sql == #"("int" > ?)"#)
  }
}
