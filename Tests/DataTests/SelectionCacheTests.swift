import Foundation
import Repositories
import SQLValues
import SQLiteCore
import Testing

@testable import Persistence

/// A builder that keeps its `SELECT`s by shape answers every descriptor with exactly the SQL
/// and bindings a builder without one makes: descriptors of one shape differ only in the values
/// bound, and those whose SQL depends on a value (a folded `Bool`, a list's length, a prefix,
/// a JSON path) are never answered with another's SQL.
@Suite("SELECTs kept by shape are those made anew, with each descriptor's values")
struct SelectionCacheTests {
  let plain: QueryBuilder
  let cached: QueryBuilder
  let selections = SelectionCache()

  init() throws {
    let table = try #require(Schema(EdgeRecord.self).models.first).resolve()
    plain = QueryBuilder(table: table, modelName: "EdgeRecord", dialect: SQLiteDialect())
    cached = QueryBuilder(table: table, modelName: "EdgeRecord", dialect: SQLiteDialect(), selections: selections)
  }

  /// Selects each descriptor through the caching builder, in order, expecting what the plain
  /// builder makes; returns the caching builder's queries.
  @discardableResult
  private func expectAsMadeAnew(_ descriptors: [FetchDescriptor<EdgeRecord>]) throws -> [SQLFragment] {
    try descriptors.map { descriptor in
      let query = try cached.select(descriptor)
      #expect(query == (try plain.select(descriptor)))
      return query
    }
  }

  private func descriptor(_ predicate: Predicate<EdgeRecord>) -> FetchDescriptor<EdgeRecord> {
    FetchDescriptor(predicate: predicate)
  }

  @Test func aShapeSeenBeforeGetsItsSQLWithTheNewValues() throws {
    func between(_ low: Int, _ high: Int, title: String) -> FetchDescriptor<EdgeRecord> {
      descriptor(#Predicate { $0.int >= low && $0.int < high && $0.text != title })
    }
    let queries = try expectAsMadeAnew([between(1, 5, title: "Alien"), between(7, 9, title: "Heat")])
    #expect(queries[1].sql == queries[0].sql)
    #expect(queries[1].bindings == [.integer(7), .integer(9), .text("Heat")])
    let shape = try #require(cached.shape(of: between(0, 1, title: "")))
    #expect(selections.sql(for: shape.key) == queries[0].sql, "kept after the first")
  }

  @Test func keyPathsOfTheSameTypeAreDifferentShapes() throws {
    let id = UUID()
    let name = "Scott"
    let queries = try expectAsMadeAnew([
      descriptor(#Predicate { $0.id == id }), descriptor(#Predicate { $0.other == id }),
      descriptor(#Predicate { $0.text == name }), descriptor(#Predicate { $0.credits.director == name }),
      FetchDescriptor(sortBy: [SortDescriptor(\.text)]), FetchDescriptor(sortBy: [SortDescriptor(\.optionalText)]),
      FetchDescriptor(sortBy: [SortDescriptor(\.text, order: .reverse)]),
    ])
    #expect(Set(queries.map(\.sql)).count == queries.count)
  }

  @Test func capturedBooleansAreFoldedForEachDescriptor() throws {
    func filter(enabled: Bool, minimum: Int) -> FetchDescriptor<EdgeRecord> {
      descriptor(#Predicate { !enabled || $0.int >= minimum })
    }
    let queries = try expectAsMadeAnew([
      filter(enabled: false, minimum: 1), filter(enabled: true, minimum: 2), filter(enabled: false, minimum: 3),
    ])
    #expect(!queries[0].sql.contains("WHERE"))
    #expect(queries[1].bindings == [.integer(2)])
  }

  @Test func listsOfEachLengthGetTheirOwnSQL() throws {
    let lists: [[UUID]] = [[UUID()], (0..<3).map { _ in UUID() }, (0..<5).map { _ in UUID() }, [UUID(), UUID()]]
    let queries = try expectAsMadeAnew(
      (lists + lists.reversed()).map { ids in descriptor(#Predicate { ids.contains($0.id) }) })
    #expect(queries[2].bindings.count == 8, "padded to a power of two")
    #expect(queries[6].bindings == (lists[1] + [lists[1][2]]).map(SQLValue.init), "with its own values, padded")
  }

  @Test func listsOnANullableColumnAndListsWithNilAreAsMadeAnew() throws {
    let lists: [[String?]] = [
      ["a", "b", "c"], ["d", "e", "f"], ["a", "b", "c", "d"], ["e", "f", "g", "h"], ["a", nil], [],
    ]
    try expectAsMadeAnew((lists + lists).map { texts in descriptor(#Predicate { texts.contains($0.optionalText) }) })
  }

  @Test func prefixesJSONPathsAndNilAreAsMadeAnew() throws {
    let prefixes = ["Al", "", "Hea", "\u{10FFFF}"]
    try expectAsMadeAnew(
      (prefixes + prefixes).map { prefix in descriptor(#Predicate { $0.text.starts(with: prefix) }) })
    let names = ["Scott", "Mann"]
    try expectAsMadeAnew((names + names).map { name in descriptor(#Predicate { $0.credits.director == name }) })
    let dates: [Date?] = [nil, Date(timeIntervalSinceReferenceDate: 5), nil]
    try expectAsMadeAnew(dates.map { date in descriptor(#Predicate { $0.optionalDate == date }) })
    try expectAsMadeAnew([
      descriptor(#Predicate { $0.optionalText == nil }), descriptor(#Predicate { $0.optionalText == nil }),
    ])
  }

  @Test func pagesBindTheirOwnLimitAndOffset() throws {
    let queries = try expectAsMadeAnew([
      FetchDescriptor(sortBy: [SortDescriptor(\.int)], fetchLimit: 10, fetchOffset: 20),
      FetchDescriptor(sortBy: [SortDescriptor(\.int)], fetchLimit: 3),
      FetchDescriptor(sortBy: [SortDescriptor(\.int)]),
      FetchDescriptor(sortBy: [SortDescriptor(\.int)], fetchOffset: -4),
    ])
    #expect(queries[1].bindings == [.integer(3), .integer(0)])
    #expect(queries[3].bindings == [.integer(-1), .integer(0)])
  }

  @Test func aValueThatCannotBeBoundFailsEveryTime() throws {
    func above(_ real: Double) -> FetchDescriptor<EdgeRecord> { descriptor(#Predicate { $0.double > real }) }
    try expectAsMadeAnew([above(1)])
    #expect(throws: PersistenceError.self) { try cached.select(above(.nan)) }
  }

  /// The stored properties of each node a shape describes, found by reflection: a property the
  /// shape does not read (a new one in Foundation) would let two predicates of different SQL
  /// share a shape.
  @Test func theNodesAShapeDescribesHoldOnlyWhatItReads() throws {
    let id = UUID()
    let low = 1
    let ids = [UUID()]
    let predicate = #Predicate<EdgeRecord> {
      !($0.id == id) && ($0.int < low || $0.optionalText != nil) && ids.contains($0.other)
    }
    var properties: [String: Set<String>] = [:]
    func visit(_ node: Any) {
      let name = String(describing: type(of: node)).prefix { $0 != "<" }
      let children = Mirror(reflecting: node).children
      properties[String(name)] = Set(children.compactMap(\.label))
      for child in children where child.value is any PredicateExpression { visit(child.value) }
    }
    visit(predicate.expression)
    #expect(
      properties == [
        "Conjunction": ["lhs", "rhs"], "Disjunction": ["lhs", "rhs"], "Negation": ["wrapped"],
        "Equal": ["lhs", "rhs"], "NotEqual": ["lhs", "rhs"], "Comparison": ["op", "lhs", "rhs"],
        "KeyPath": ["root", "keyPath"], "Variable": ["key"], "Value": ["value"], "NilLiteral": [],
        "SequenceContains": ["sequence", "element"],
      ])
    #expect(cached.shape(of: FetchDescriptor(predicate: predicate)) != nil, "every one of them described")
  }
}
