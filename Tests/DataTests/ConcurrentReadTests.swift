import Catalog
import CatalogStorage
import Dispatch
import Foundation
import Repositories
import RepositoryTesting
import SQLValues
import SQLiteCore
import TestSupport
import Testing

@testable import Persistence

@Suite("Reads run alongside a write and see the last commit")
struct ConcurrentReadTests {
  private struct Rows: MovieImportSource {
    var made = 0
    let count: Int
    mutating func next() throws(ImportProblem) -> Result<MovieImportRow, ImportProblem>? {
      guard made < count else { return nil }
      made += 1
      return .success(MovieImportRow(line: made, movie: Movie(title: "Movie \(made)", date: .now)))
    }
  }

  @Test(.timeLimit(.minutes(5))) func aReadDuringAWriteSeesTheStoreAsLastCommitted() async throws {
    let folder = try TemporaryDirectory()
    let container = try ModelContainer(
      for: Movie.self, MovieTag.self, Tagging.self,
      configurations: ModelConfiguration("Catalog", url: folder.file("catalog.store")))
    let unitOfWork = try SQLiteUnitOfWork(container: container)
    let movies = try SQLiteRepository<Movie>(container: container)
    let count = { () throws -> Int in
      try movies.store.read { state in
        let statement = try state.connection.statement("SELECT count(*) FROM movies")
        defer { statement.reset() }
        _ = try statement.step()
        return Int(statement.int64(at: 0))
      }
    }
    let midway = DispatchSemaphore(value: 0)
    let proceed = DispatchSemaphore(value: 0)
    let importing = Task.detached {
      var rows = Rows(count: 3_000)
      _ = try await ImportMovies(unitOfWork: unitOfWork, batchSize: 1_000)(
        from: &rows,
        progress: { progress in
          // Hold the write transaction open, 1,000 rows written, while the test reads.
          if progress.rowsWritten == 1_000 {
            midway.signal()
            proceed.wait()
          }
        })
    }
    // Waited for off the test's own thread, which the import may need.
    await Task.detached { midway.wait() }.value
    #expect(try count() == 0, "the open transaction's rows are not seen, and the read did not wait for it")
    proceed.signal()
    _ = try await importing.value
    #expect(try count() == 3_000)
  }
}

@Suite("Concurrent read-and-write changes are never lost")
struct ConcurrentUpdateTests {
  @Test func fiftyHeartsGivenAtOnceAllCount() async throws {
    let folder = try TemporaryDirectory()
    let container = try ModelContainer(
      for: Movie.self, configurations: ModelConfiguration("Catalog", url: folder.file("catalog.store")))
    let movies = try SQLiteRepository<Movie>(container: container)
    try await movies.insert(Movie(title: "Alien", date: .now))
    let id = try #require(try await movies.fetch(FetchDescriptor()).first?.id)
    let heart = HeartMovie(movies: movies)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<50 { group.addTask { _ = try await heart(id: id) } }
      try await group.waitForAll()
    }
    #expect(try await movies.fetch(id: id)?.heart == 50)
  }
}
