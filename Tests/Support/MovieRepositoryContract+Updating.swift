import Catalog
import Foundation
import Repositories
import Testing

/// Checks of `update`.
extension MovieRepositoryContract {
  static var updatingChecks: [MovieRepositoryContractCheck<R>] {
    [
      .init("update replaces every field of that movie and no other", body: replacesEveryField),
      .init("update can store edge values", body: storesEdgeValues),
      .init("updating an unknown id throws not found and changes nothing", body: rejectsUnknownID),
      .init("updating many is all or nothing", body: updatesManyAtomically),
      .init("update(id:) reads, changes and stores one movie, or nothing when the change throws", body: changesInPlace),
      .init("update(id:properties:) stores the listed properties and keeps the others", body: changesSomeProperties),
      .init(
        "update(id:properties:replacing:) stores the replaced properties whole and keeps the others",
        body: replacesSomeProperties),
      .init("a fetch of some properties returns them as stored", body: fetchesSomeProperties),
      .init("enumerate visits the movies a fetch returns, in its order", body: enumeratesInOrder),
    ]
  }

  private static func changesSomeProperties(_ movies: R) async throws {
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

  private static func replacesSomeProperties(_ movies: R) async throws {
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

  private static func fetchesSomeProperties(_ movies: R) async throws {
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

  private static func enumeratesInOrder(_ movies: R) async throws {
    try await movies.insert(Movie.samples)
    let descriptor = FetchDescriptor<Movie>(sortBy: [SortDescriptor(\.date, order: .reverse), SortDescriptor(\.title)])
    var visited: [Movie] = []
    try await movies.enumerate(descriptor) { visited.append($0) }
    #expect(visited == (try await movies.fetch(descriptor)))
  }

  private static func replacesEveryField(_ movies: R) async throws {
    try await movies.insert(Movie.samples)
    let changed = Movie(
      id: Movie.alien.id,
      title: "Aliens",
      content: "This time it's war.\u{0}",
      images: [Data(), Data([1, 2, 3])],
      date: Date(timeIntervalSinceReferenceDate: -473_385_600.5),
      rate: 10,
      heart: .max
    )
    try await movies.update(changed)
    expectIdentical(try await movies.fetch(id: Movie.alien.id), changed)
    #expect(try await stored(in: movies) == [changed] + Movie.samples.dropFirst())
  }

  private static func storesEdgeValues(_ movies: R) async throws {
    try await movies.insert(.alien)
    for edge in Movie.edgeCases {
      var changed = edge
      changed.id = Movie.alien.id
      try await movies.update(changed)
      expectIdentical(try await movies.fetch(id: Movie.alien.id), changed)
    }
  }

  private static func rejectsUnknownID(_ movies: R) async throws {
    try await movies.insert(.alien)
    await #expect(throws: RepositoryError.notFound(id: String(describing: Movie.heat.id))) {
      try await movies.update(.heat)
    }
    #expect(try await stored(in: movies) == [.alien])
  }

  private static func updatesManyAtomically(_ movies: R) async throws {
    try await movies.insert([.alien, .heat])
    var alien = Movie.alien
    alien.rate = 1
    var heat = Movie.heat
    heat.heart = 7
    await #expect(throws: RepositoryError.notFound(id: String(describing: Movie.up.id))) {
      try await movies.update([alien, .up, heat])
    }
    #expect(try await stored(in: movies) == [.alien, .heat])
    try await movies.update([heat, alien])
    #expect(try await stored(in: movies) == [alien, heat])
  }

  private static func changesInPlace(_ movies: R) async throws {
    try await movies.insert([.alien, .heat])
    let hearted = try await movies.update(id: Movie.alien.id) { $0.heart += 1 }
    #expect(hearted.heart == Movie.alien.heart + 1)
    expectIdentical(try await movies.fetch(id: Movie.alien.id), hearted)
    await #expect(throws: ContractRefusal()) {
      try await movies.update(id: Movie.heat.id) { movie in
        movie.rate = 0
        throw ContractRefusal()
      }
    }
    expectIdentical(try await movies.fetch(id: Movie.heat.id), .heat)
    await #expect(throws: RepositoryError.notFound(id: String(describing: Movie.up.id))) {
      try await movies.update(id: Movie.up.id) { $0.heart += 1 }
    }
  }
}

/// An error a change throws in the contract's checks.
struct ContractRefusal: Error, Equatable {}
