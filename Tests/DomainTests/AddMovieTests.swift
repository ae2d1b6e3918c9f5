import Catalog
import Foundation
import Repositories
import RepositoryTesting
import TestSupport
import Testing

@Suite struct AddMovieTests {
  let movies = InMemoryRepository<Movie>()
  var add: AddMovie<InMemoryRepository<Movie>> { AddMovie(movies: movies) }
  let date = Date(timeIntervalSince1970: 296_438_400)

  @Test func addedMovieIsStoredAndReturnedAsStored() async throws {
    let added = try await add(
      title: "Alien",
      content: "In space no one can hear you scream.",
      images: [Data([1, 2, 3])],
      date: date,
      rate: 9
    )

    #expect(added.title == "Alien")
    #expect(added.content == "In space no one can hear you scream.")
    #expect(added.images == [Data([1, 2, 3])])
    #expect(added.date == date)
    #expect(added.rate == 9)
    #expect(added.heart == 0)
    #expect(movies.storedModels == [added])
  }

  @Test func eachAddedMovieGetsItsOwnIdentifier() async throws {
    let first = try await add(title: "Alien", date: date)
    let second = try await add(title: "Alien", date: date)

    #expect(first.id != second.id)
    #expect(movies.storedModels == [first, second])
  }

  @Test func titleIsTrimmedOfSurroundingWhitespace() async throws {
    let added = try await add(title: "  \tAlien \n", date: date)

    #expect(added.title == "Alien")
    #expect(movies.storedModels.map(\.title) == ["Alien"])
  }

  @Test(arguments: ["", " ", "\n\t  "])
  func emptyOrWhitespaceTitleIsRejectedAndNothingStored(title: String) async {
    await #expect(throws: CatalogError.emptyTitle) { try await add(title: title, date: date) }
    #expect(movies.storedModels.isEmpty)
  }

  @Test func titleOf200CharactersIsAccepted() async throws {
    let title = String(repeating: "a", count: 200)
    #expect(try await add(title: title, date: date).title == title)
  }

  @Test func titleOf201CharactersIsRejectedAndNothingStored() async {
    await #expect(throws: CatalogError.titleTooLong(length: 201)) {
      try await add(title: String(repeating: "a", count: 201), date: date)
    }
    #expect(movies.storedModels.isEmpty)
  }

  @Test func titleLengthIsCountedAfterTrimming() async throws {
    let title = String(repeating: "a", count: 200)
    #expect(try await add(title: "  \(title)  ", date: date).title == title)
  }

  @Test func titleLengthCountsCharactersNotBytes() async throws {
    let accented = String(repeating: "é", count: 200)
    let families = String(repeating: "👩‍👩‍👧‍👦", count: 200)

    #expect(try await add(title: accented, date: date).title == accented)
    #expect(try await add(title: families, date: date).title == families)
  }

  @Test(arguments: [-1, 11, Int.min, Int.max])
  func rateOutsideZeroToTenIsRejectedAndNothingStored(rate: Int) async {
    await #expect(throws: CatalogError.rateOutOfRange(rate)) {
      try await add(title: "Alien", date: date, rate: rate)
    }
    #expect(movies.storedModels.isEmpty)
  }

  @Test(arguments: [0, 10])
  func ratesAtTheBoundsAreAccepted(rate: Int) async throws {
    #expect(try await add(title: "Alien", date: date, rate: rate).rate == rate)
  }

  @Test func contentLongerThanTheMaximumIsRejected() async throws {
    let longest = String(repeating: "x", count: MovieRules.maximumContentLength)

    #expect(try await add(title: "Longest", content: longest, date: date).content == longest)
    let tooLong = CatalogError.contentTooLong(length: MovieRules.maximumContentLength + 1)
    await #expect(throws: tooLong) {
      try await add(title: "Too long", content: longest + "x", date: date)
    }
    #expect(movies.storedModels.map(\.title) == ["Longest"])
  }

  @Test func edgeValuesAreStoredAsGiven() async throws {
    let added = try await add(
      title: "千と千尋の神隠し 🎬",
      content: "before\u{0}after",
      images: [Data(), Data([0, 255])],
      date: Date(timeIntervalSinceReferenceDate: 742_135_167.123_456_7)
    )

    #expect(movies.storedModels == [added])
    #expect(added.content == "before\u{0}after")
    #expect(added.images == [Data(), Data([0, 255])])
  }

  @Test func storageFailureIsThrownAndNothingIsStored() async {
    movies.failNextWrite(with: RepositoryError.unavailable("disk full"))

    await #expect(throws: RepositoryError.unavailable("disk full")) {
      try await add(title: "Alien", date: date)
    }
    #expect(movies.storedModels.isEmpty)
  }

  @Test func aMovieWithATakenTitleAndDateIsReportedAsADuplicateAndNotStored() async throws {
    let movies = InMemoryRepository<Movie>(keys: MovieContractFixture.keys)
    let date = Date(timeIntervalSinceReferenceDate: 0)
    let first = try await AddMovie(movies: movies)(title: "Alien", date: date)
    await #expect(throws: CatalogError.duplicateMovie(title: "Alien", date: date)) {
      try await AddMovie(movies: movies)(title: "Alien", date: date, rate: 3)
    }
    #expect(movies.storedModels == [first])
    _ = try await AddMovie(movies: movies)(title: "Alien", date: date.addingTimeInterval(86_400))
    #expect(movies.storedModels.count == 2)
  }
}
