import Catalog
import CatalogStorage
import Foundation
import Persistence
import PostgresCore
import Repositories

/// The engines a writer writes with.
enum WriterEngine: String, CaseIterable {
  /// A catalog store, through the engine, as `movies` and ProcessSharingTests' writers do.
  case sqlite
  /// A PostgreSQL database, through libpq: one `INSERT` a write, outside any `BEGIN`, so each
  /// is its own transaction.
  case postgres
}

/// One writing process: opens its store, says `ready`, waits for the word to start, writes
/// `count` movies, one transaction each.
struct Writer {
  let engine: WriterEngine
  let store: String
  let count: Int
  let name: String
  /// How long a SQLite write waits for the others' write lock.
  let busyTimeout: Duration

  func run() async throws {
    switch engine {
    case .sqlite:
      let movies = try SQLiteRepository<Movie>(
        container: try SQLiteWrites.container(at: store, busyTimeout: busyTimeout))
      waitForStart()
      for index in 0..<count {
        try await movies.insert(Movie(title: "\(name) \(index)", date: Date(timeIntervalSinceReferenceDate: 0)))
      }
    case .postgres:
      let connection = try PostgresConnection(url: store)
      waitForStart()
      for index in 0..<count {
        let inserted = try connection.query(PostgresWrites.insert, PostgresWrites.values(title: "\(name) \(index)"))
        guard inserted.changedRows == 1 else { throw WriterError("an insert wrote \(inserted.changedRows) rows") }
      }
    }
  }

  /// Tells the coordinator this writer is ready, and waits for its line.
  private func waitForStart() {
    FileHandle.standardOutput.write(Data("ready\n".utf8))
    _ = readLine()
  }
}

/// An error of the harness, said in a sentence.
struct WriterError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
