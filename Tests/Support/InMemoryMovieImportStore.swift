public import Catalog
public import Foundation
import Repositories
import Synchronization

/// A ``Catalog/MovieImportStore`` that keeps movies and their tag names in memory, for tests of
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

    /// The line that wrote each movie in this transaction.
    var lines: [UUID: Int] = [:]

    /// Writes each row as ``Catalog/MovieImportWriter`` says, matching by id, or else by title
    /// and date.
    public mutating func write(_ rows: [MovieImportRow]) throws -> [MovieImportOutcome] {
      if let failure { throw failure }
      batchSizes.append(rows.count)
      return rows.map { write($0) }
    }

    private mutating func write(_ row: MovieImportRow) -> MovieImportOutcome {
      let holder = contents.movies.first { $0.title == row.movie.title && $0.date == row.movie.date }?.id
      let target = row.fields.contains(.id) ? row.movie.id : holder
      if let target, let line = lines[target] { return .duplicate(ofLine: line) }
      if let holder, holder != target { return lines[holder].map { .duplicate(ofLine: $0) } ?? .conflict(with: holder) }
      let outcome: MovieImportOutcome
      if let target, let index = contents.movies.firstIndex(where: { $0.id == target }) {
        contents.movies[index] = row.applied(to: contents.movies[index])
        outcome = .updated(target)
      } else {
        var movie = row.movie
        // A row without an id is added under a new one.
        if !row.fields.contains(.id) { movie.id = UUID() }
        contents.movies.append(movie)
        outcome = .added(movie.id)
      }
      let id = target ?? contents.movies[contents.movies.count - 1].id
      if row.fields.contains(.tags) { contents.tags[id] = row.tags.isEmpty ? nil : row.tags }
      lines[id] = row.line
      return outcome
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
