import Foundation
import Persistence
import Testing

/// A `Decimal` attribute, which the engine cannot store faithfully, is refused by name when
/// the container opens, with what to store instead.
@Suite("A Decimal attribute is refused by name")
struct UnstorableTypeTests {
  struct PricedRecord: PersistentModel {
    var id: Int
    var price: Decimal
  }

  struct Invoice: PersistentModel {
    struct Line: Codable, Sendable { var amount: Decimal? }
    var id: Int
    var lines: [Line]
    var total: Line
  }

  @Test func aDecimalAttributeIsRefusedNamingIt() {
    #expect {
      _ = try ModelContainer(for: PricedRecord.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    } throws: { error in
      "\(error)".contains("PricedRecord.price is a Decimal") && "\(error)".contains("description")
    }
    #expect {
      _ = try ModelContainer(for: Invoice.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    } throws: { error in
      "\(error)".contains("Invoice.amount is a Decimal")
    }
  }
}
