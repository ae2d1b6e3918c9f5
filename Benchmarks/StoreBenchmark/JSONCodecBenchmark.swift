import Foundation
import NestedJSON
import Persistence
import Repositories

/// Measures the engine's own JSON codec, which stores a model's document attributes (nested
/// structs, arrays), against Foundation's `JSONEncoder` and `JSONDecoder`: through the store
/// (the engine against the C API with Foundation's coders) and the coders alone.
enum JSONCodecBenchmark {
  static func run(rows: Int, rounds: Int) async throws -> BenchmarkReport.Section {
    let recipes = Recipe.samples(count: rows)
    var phases = [
      Phase(name: "insert \(rows) recipes (2 JSON attributes each)", target: 1.3),
      Phase(name: "fetch all recipes", target: 1.5),
    ]
    for round in 1...rounds {
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recipes-benchmark-\(UUID())")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let raw = try RawRecipeStore(path: folder.appendingPathComponent("raw.store").path)
      let repository = try SQLiteRepository<Recipe>(
        container: try ModelContainer(
          for: Recipe.self,
          configurations: ModelConfiguration(
            "Recipes", url: folder.appendingPathComponent("framework.store"), keepsHistory: false)))
      let work: [PhaseWork] = [
        (
          {
            try await repository.insert(recipes); return recipes.count
          },
          {
            try raw.insert(recipes); return recipes.count
          }
        ),
        (
          { try equalCount(try await repository.fetchAll(), recipes) },
          { try equalCount(try raw.fetchAll(), recipes) }
        ),
      ]
      try await phases.measure(work, round: round)
    }
    var section = BenchmarkReport.Section(
      title: "JSON attributes: the engine's own codec (framework) against Foundation's coders (raw side)",
      phases: phases.map(BenchmarkReport.PhaseSummary.init))
    try codersAlone(recipes, rounds: rounds, into: &section)
    return section
  }

  /// The number of fetched recipes, after checking that they are the ones inserted.
  private static func equalCount(_ fetched: [Recipe], _ inserted: [Recipe]) throws -> Int {
    guard fetched == inserted else { throw BenchmarkError("fetched recipes differ from those inserted") }
    return fetched.count
  }

  /// Encodes and decodes each recipe's two documents with both codecs, per value.
  private static func codersAlone(_ recipes: [Recipe], rounds: Int, into section: inout BenchmarkReport.Section) throws
  {
    let own = (encoder: NestedJSONEncoder(), decoder: NestedJSONDecoder())
    let foundation = (encoder: JSONEncoder(), decoder: JSONDecoder())
    var best = (ownEncode: Double.infinity, foundationEncode: Double.infinity)
    var bestDecode = (own: Double.infinity, foundation: Double.infinity)
    for _ in 1...rounds {
      var ownDocuments: [[UInt8]] = []
      var foundationDocuments: [Data] = []
      ownDocuments.reserveCapacity(recipes.count * 2)
      foundationDocuments.reserveCapacity(recipes.count * 2)
      best.ownEncode = min(
        best.ownEncode,
        try measure {
          for recipe in recipes {
            var nutrition: [UInt8] = []
            var ingredients: [UInt8] = []
            try own.encoder.encode(recipe.nutrition, into: &nutrition)
            try own.encoder.encode(recipe.ingredients, into: &ingredients)
            ownDocuments += [nutrition, ingredients]
          }
        })
      best.foundationEncode = min(
        best.foundationEncode,
        try measure {
          for recipe in recipes {
            foundationDocuments += [
              try foundation.encoder.encode(recipe.nutrition), try foundation.encoder.encode(recipe.ingredients),
            ]
          }
        })
      var decoded = (own: 0, foundation: 0)
      bestDecode.own = min(
        bestDecode.own,
        try measure {
          for pair in stride(from: 0, to: ownDocuments.count, by: 2) {
            let nutrition = try ownDocuments[pair].withUnsafeBytes {
              try own.decoder.decode(Recipe.Nutrition.self, from: $0)
            }
            let ingredients = try ownDocuments[pair + 1].withUnsafeBytes {
              try own.decoder.decode([Recipe.Ingredient].self, from: $0)
            }
            decoded.own += nutrition.calories + ingredients.count
          }
        })
      bestDecode.foundation = min(
        bestDecode.foundation,
        try measure {
          for pair in stride(from: 0, to: foundationDocuments.count, by: 2) {
            let nutrition = try foundation.decoder.decode(Recipe.Nutrition.self, from: foundationDocuments[pair])
            let ingredients = try foundation.decoder.decode(
              [Recipe.Ingredient].self, from: foundationDocuments[pair + 1])
            decoded.foundation += nutrition.calories + ingredients.count
          }
        })
      guard decoded.own == decoded.foundation else { throw BenchmarkError("the codecs decoded different values") }
    }
    let perRecipe = 1e9 / Double(recipes.count)
    section.figures = [
      .init(name: "encodeOwnPerRecipe", value: best.ownEncode * perRecipe, unit: "ns"),
      .init(name: "encodeFoundationPerRecipe", value: best.foundationEncode * perRecipe, unit: "ns"),
      .init(name: "decodeOwnPerRecipe", value: bestDecode.own * perRecipe, unit: "ns"),
      .init(name: "decodeFoundationPerRecipe", value: bestDecode.foundation * perRecipe, unit: "ns"),
    ]
    section.remarks = [
      String(
        format:
          "coders alone, per recipe: encode %.0f ns own, %.0f ns Foundation (%.1fx); decode %.0f ns own, %.0f ns Foundation (%.1fx)",
        best.ownEncode * perRecipe, best.foundationEncode * perRecipe, best.foundationEncode / best.ownEncode,
        bestDecode.own * perRecipe, bestDecode.foundation * perRecipe, bestDecode.foundation / bestDecode.own)
    ]
  }

  private static func measure(_ work: () throws -> Void) throws -> Double {
    let elapsed = try ContinuousClock().measure(work)
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }
}
