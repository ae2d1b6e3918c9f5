import Catalog
import Foundation
import RepositoryTesting
import TestSupport
import Testing

@Suite struct CheckCatalogRulesTests {
  @Test func reportsTheFirstRuleEachStoredModelBreaksAndNothingForSoundOnes() async throws {
    let sound = Movie(title: "Alien", date: .now, rate: 9)
    let badRate = Movie(title: "Heat", date: .now, rate: 11)
    let untrimmed = Movie(title: " Up ", date: .now, runtime: 0)
    let review = Review(movieID: sound.id, text: "", date: .now)
    let tag = MovieTag(name: String(repeating: "x", count: 51))
    var found: [RuleViolation] = []
    try await CheckCatalogRules(
      movies: try InMemoryRepository([sound, badRate, untrimmed]), reviews: try InMemoryRepository([review]),
      tags: try InMemoryRepository([tag])
    ) { found.append($0) }
    #expect(
      Set(found.map(\.description)) == [
        "movie \(badRate.id.uuidString.lowercased()): the rate must be between 0 and 10, not 11",
        "movie \(untrimmed.id.uuidString.lowercased()): the running time must be between 1 and 10000 minutes, not 0",
        "review \(review.id.uuidString.lowercased()): the review must not be empty",
        "tag \(tag.id.uuidString.lowercased()): the tag \"\(tag.name.dropLast())…\" has 51 characters; the most is 50",
      ])
  }

  @Test func aValidValueStoredUntrimmedIsReported() async throws {
    let movie = Movie(title: " Up ", date: .now)
    var found: [RuleViolation] = []
    try await CheckCatalogRules(
      movies: try InMemoryRepository([movie]), reviews: InMemoryRepository<Review>(),
      tags: InMemoryRepository<MovieTag>()
    ) { found.append($0) }
    #expect(found == [RuleViolation(owner: .movie, id: movie.id, problem: "the title has spaces around it")])
  }
}
