import Foundation
import Persistence

/// A model whose attributes are documents: a nested struct and an array of structs, stored as
/// JSON text. It measures the engine's JSON codec, which the movie catalog does not exercise.
struct Recipe: PersistentModel, Equatable {
  struct Nutrition: Codable, Equatable, Sendable {
    var calories: Int
    var protein: Double
    var vegetarian: Bool
    var allergens: [String]
  }

  struct Ingredient: Codable, Equatable, Sendable {
    var name: String
    var grams: Double
    var optional: Bool
  }

  static let entity = Entity<Recipe>(table: "recipes", codable: [\.nutrition, \.ingredients])

  var id: UUID
  var title: String
  var nutrition: Nutrition
  var ingredients: [Ingredient]

  /// `count` recipes with five ingredients each, the same for every run.
  static func samples(count: Int) -> [Recipe] {
    (0..<count).map { index in
      Recipe(
        id: UUID(uuid: uuid(index)),
        title: "Recipe \(index)",
        nutrition: Nutrition(
          calories: 200 + index % 700, protein: Double(index % 40) / 2, vegetarian: index % 3 == 0,
          allergens: index % 2 == 0 ? ["gluten", "nuts"] : []),
        ingredients: (0..<5).map { part in
          Ingredient(name: "Ingredient \(part) of \(index)", grams: Double(part * 25 + index % 10), optional: part == 4)
        })
    }
  }

  private static func uuid(_ index: Int) -> uuid_t {
    let value = UInt64(index) &+ 0x5EED
    return (
      UInt8(truncatingIfNeeded: value >> 56), UInt8(truncatingIfNeeded: value >> 48),
      UInt8(truncatingIfNeeded: value >> 40), UInt8(truncatingIfNeeded: value >> 32),
      UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
      UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value), 0x40, 0, 0x80, 0, 0, 0, 0, 1
    )
  }
}
