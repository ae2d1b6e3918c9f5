import Catalog
import Foundation
import Repositories
import RepositoryTesting
import TestSupport
import Testing

@Suite struct ReviewUseCaseTests {
  let store = InMemoryStore()
  let movies: InMemoryRepository<Movie>
  let reviews: InMemoryRepository<Review>
  let day = Date(timeIntervalSinceReferenceDate: 0)

  init() throws {
    movies = try InMemoryRepository([.alien], store: store)
    reviews = InMemoryRepository(store: store)
  }

  @Test func aReviewIsTrimmedAndStored() async throws {
    let review = try await AddReview(unitOfWork: store)(
      movieID: Movie.alien.id, author: " Ann ", text: "  Scary. ", rate: 9, date: day)
    #expect(review.text == "Scary.")
    #expect(review.author == "Ann")
    #expect(try await reviews.fetchAll() == [review])
  }

  @Test func aReviewOfAnUnknownMovieIsRefused() async throws {
    let unknown = UUID()
    await #expect(throws: CatalogError.movieNotFound(unknown)) {
      try await AddReview(unitOfWork: store)(movieID: unknown, text: "Hm.", date: day)
    }
  }

  @Test func emptyTextOrARateOutOfRangeIsRefused() async throws {
    let add = AddReview(unitOfWork: store)
    await #expect(throws: CatalogError.invalidReview("the review must not be empty")) {
      try await add(movieID: Movie.alien.id, text: "  ", date: day)
    }
    await #expect(throws: CatalogError.rateOutOfRange(11)) {
      try await add(movieID: Movie.alien.id, text: "Great", rate: 11, date: day)
    }
    #expect(try await reviews.fetchAll().isEmpty)
  }

  @Test func reviewsAreListedOldestFirstAndDeletedById() async throws {
    let add = AddReview(unitOfWork: store)
    let later = try await add(movieID: Movie.alien.id, text: "Second", date: day.addingTimeInterval(60))
    let earlier = try await add(movieID: Movie.alien.id, text: "First", date: day)
    #expect(try await ListReviews(reviews: reviews)(movieID: Movie.alien.id) == [earlier, later])
    try await DeleteReview(reviews: reviews)(id: earlier.id)
    #expect(try await ListReviews(reviews: reviews)(movieID: Movie.alien.id) == [later])
    await #expect(throws: CatalogError.reviewNotFound(earlier.id)) {
      try await DeleteReview(reviews: reviews)(id: earlier.id)
    }
  }
}
