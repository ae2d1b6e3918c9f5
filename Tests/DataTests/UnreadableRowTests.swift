import Catalog
import CatalogStorage
import Foundation
import Repositories
import RepositoryTesting
import SQLValues
import SQLiteCore
import TestSupport
import Testing

@testable import Persistence

@Suite("A row no read can decode does not hide the others")
struct UnreadableRowTests {
  let folder: TemporaryDirectory
  let container: ModelContainer
  let movies: SQLiteRepository<Movie>
  let damaged = Movie(title: "Damaged", date: Date(timeIntervalSinceReferenceDate: 2), rate: 2)

  init() async throws {
    folder = try TemporaryDirectory()
    container = try ModelContainer(
      for: Movie.self, configurations: ModelConfiguration("Catalog", url: folder.file("catalog.store")))
    movies = try SQLiteRepository<Movie>(container: container)
    try await movies.insert([
      Movie(title: "First", date: Date(timeIntervalSinceReferenceDate: 1), rate: 1), damaged,
      Movie(title: "Last", date: Date(timeIntervalSinceReferenceDate: 3), rate: 3),
    ])
    // A blob that is no UUID passes SQLite's STRICT types, as another program may write it.
    try movies.store.write { state in
      try state.connection.execute("UPDATE movies SET id = x'0102' WHERE title = 'Damaged'")
    }
  }

  @Test func anEnumerationHandsOnEveryOtherRowThenNamesTheUnreadableOne() async throws {
    var titles: [String] = []
    await #expect(
      throws: RepositoryError.unreadable(count: 1, rows: ["0102 (movies.id holds a blob, not a 16-byte UUID)"])
    ) {
      try await movies.enumerate(FetchDescriptor(sortBy: [SortDescriptor(\.date)])) { titles.append($0.title) }
    }
    #expect(titles == ["First", "Last"])
  }

  @Test func aContextsEnumerationHandsOnEveryOtherRowOfTheLastBatchThenNamesTheUnreadableOne() throws {
    let context = try ModelContext(container)
    for batchSize in [1, 2, 5] {
      var titles: [String] = []
      #expect(
        throws: RepositoryError.unreadable(count: 1, rows: ["0102 (movies.id holds a blob, not a 16-byte UUID)"])
      ) {
        try context.enumerate(FetchDescriptor<Movie>(sortBy: [SortDescriptor(\.date)]), batchSize: batchSize) {
          titles.append($0.title)
        }
      }
      #expect(titles == ["First", "Last"], "batch size \(batchSize)")
    }
  }

  @Test func checkReadableNamesTheRowWhoseValueCannotBeRead() async throws {
    await #expect(throws: RepositoryError.unreadable(count: 1, rows: ["0102 (movies.id cannot be read as uuid)"])) {
      try await movies.checkReadable()
    }
    #expect(
      try await movies.count(groupedBy: \.rate) == [1: 1, 2: 1, 3: 1], "the other columns of the row still count")
  }
}
