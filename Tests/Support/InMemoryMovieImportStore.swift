import Domain
import Foundation
import Synchronization

/// A ``Domain/MovieImportStore`` that keeps movies and their tag names in memory, for tests of
/// the import use case.
///
/// A transaction works on a copy of the stored state and replaces the state with it only when
/// the body returns, so a body that throws leaves the store exactly as it was — what the
/// SQLite store does with a rolled-back transaction. It records every batch it is given.
public final class InMemoryMovieImportStore: MovieImportStore {
  /// The stored state: movies in insertion order, and the tag names of each movie.
  public struct Contents: Sendable, Equatable {
    /// The movies, in the order they were first stored.
    public var movies: [Movie] = []
    /// Each movie's tag names, in the order they were added.
    public var tags: [UUID: [String]] = [:]

    /// Empty contents.
    public init() {}
  }

  /// The writer of one transaction, over a copy of the contents.
  public struct Writer: MovieImportWriter {
    var contents: Contents
    var batchSizes: [Int] = []
    let failure: (any Error)?

    /// Stores each movie, replacing the one with its id, or else its title and date.
    public mutating func upsert(_ movies: [Movie]) throws -> [UUID] {
      if let failure { throw failure }
      batchSizes.append(movies.count)
      return movies.map { movie in
        if let index = contents.movies.firstIndex(where: { $0.id == movie.id }) {
          contents.movies[index] = movie
          return movie.id
        }
        if let index = contents.movies.firstIndex(where: { $0.title == movie.title && $0.date == movie.date }) {
          var updated = movie
          updated.id = contents.movies[index].id
          contents.movies[index] = updated
          return updated.id
        }
        contents.movies.append(movie)
        return movie.id
      }
    }

    /// Adds the names the movie does not have yet.
    public mutating func addTags(_ names: [String], to movieID: UUID) throws {
      guard contents.movies.contains(where: { $0.id == movieID }) else {
        throw RepositoryError.constraintViolation("no movie has the id \(movieID)")
      }
      for name in names where !(contents.tags[movieID] ?? []).contains(name) {
        contents.tags[movieID, default: []].append(name)
      }
    }
  }

  private struct State {
    var contents = Contents()
    var batchSizes: [Int] = []
    var failure: (any Error)?
  }

  private let state = Mutex(State())

  /// Creates an empty store.
  public init() {}

  /// What is stored now.
  public var contents: Contents { state.withLock { $0.contents } }

  /// The size of every batch committed so far, in order.
  public var committedBatchSizes: [Int] { state.withLock { $0.batchSizes } }

  /// Makes every later upsert throw `error`, as a failing disk would.
  public func failUpserts(with error: any Error) {
    state.withLock { $0.failure = error }
  }

  /// Runs `body` over a copy of the contents and keeps the copy only if it returns.
  public func withImportTransaction<T: Sendable>(_ body: (inout Writer) throws -> T) throws -> T {
    try state.withLock { state in
      var writer = Writer(contents: state.contents, failure: state.failure)
      let result = try body(&writer)
      state.contents = writer.contents
      state.batchSizes += writer.batchSizes
      return result
    }
  }
}
