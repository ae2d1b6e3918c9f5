import Catalog
import Foundation
import Repositories
import RepositoryTesting
import Testing

/// Movie-only checks of partial updates and fetches: some properties written, replaced or read.
extension MovieContractFixture {
  static var partialChecks: [RepositoryContract<Self>.Check] {
    [
      check("update(id:properties:) stores the listed properties and keeps the others", changesSomeProperties),
      check(
        "update(id:properties:replacing:) stores the replaced properties whole and keeps the others",
        replacesSomeProperties),
      check("a fetch of some properties returns them as stored", fetchesSomeProperties),
    ]
  }

  private static func changesSomeProperties(_ movies: any Repository<Movie>) async throws {
    let alien = Movie(title: "Alien", content: "notes", images: [Data([1]), Data()], date: .now, rate: 9, runtime: 117)
    try await movies.insert([alien, .heat])
    let changed = try await movies.update(id: alien.id, properties: [\Movie.heart, \Movie.title]) {
      $0.heart += 1
      $0.title += "!"
    }
    #expect(changed.heart == 1 && changed.title == "Alien!")
    var expected = alien
    expected.heart = 1
    expected.title = "Alien!"
    expectIdentical(try await movies.fetch(id: alien.id), expected)
    expectIdentical(try await movies.fetch(id: Movie.heat.id), .heat)
  }

  private static func replacesSomeProperties(_ movies: any Repository<Movie>) async throws {
    let alien = Movie(title: "Alien", content: "notes", images: [Data([1]), Data([2])], date: .now, rate: 9)
    try await movies.insert([alien, .heat])
    let changed = try await movies.update(id: alien.id, properties: [\Movie.rate], replacing: [\Movie.images]) {
      $0.rate = 3
      $0.images = [Data([7])]
    }
    #expect(changed.rate == 3 && changed.images == [Data([7])])
    var expected = alien
    expected.rate = 3
    expected.images = [Data([7])]
    expectIdentical(try await movies.fetch(id: alien.id), expected)
    expectIdentical(try await movies.fetch(id: Movie.heat.id), .heat)
  }

  private static func fetchesSomeProperties(_ movies: any Repository<Movie>) async throws {
    try await movies.insert(Movie.samples)
    var descriptor = FetchDescriptor<Movie>(sortBy: [SortDescriptor(\.title)])
    descriptor.propertiesToFetch = [\Movie.title, \Movie.rate]
    let fetched = try await movies.fetch(descriptor)
    let sorted = Movie.samples.sorted { $0.title < $1.title }
    #expect(fetched.map(\.id) == sorted.map(\.id))
    #expect(fetched.map(\.title) == sorted.map(\.title))
    #expect(fetched.map(\.rate) == sorted.map(\.rate))
    #expect(fetched.map(\.images.count) == sorted.map(\.images.count))
  }
}
