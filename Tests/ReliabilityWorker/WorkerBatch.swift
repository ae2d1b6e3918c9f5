import Catalog
import CatalogStorage
import Foundation
import Persistence

/// Numbered batches of movies, committed one transaction each.
enum WorkerBatch {
  /// Movies per batch.
  static let size = 5

  /// The movies of batch `number`, titled `batch <number> item <index>`.
  static func movies(_ number: Int) -> [Movie] {
    (0..<size).map { index in
      Movie(
        title: "batch \(number) item \(index)", content: String(repeating: "x", count: 200 * index),
        date: Date(timeIntervalSinceReferenceDate: Double(number)))
    }
  }

  /// Batches one run commits at most. A kill meant for a few hundred milliseconds in can come
  /// seconds late when the test's threads are busy: the bound keeps the store, which the test
  /// reads whole after every kill, from growing with the lateness (about 100 batches commit
  /// in 400 ms on an idle machine here).
  static let limitPerRun = 400

  /// Commits batches from `first` on, writing each number to standard output (unbuffered)
  /// after its commit returned; after `limitPerRun` of them, waits, writing nothing, to be
  /// killed.
  static func commitUntilKilled(store: URL, first: Int) async throws {
    let container = try ModelContainer(
      for: CatalogModels.all, migrationPlan: CatalogMigrationPlan.self,
      configurations: [ModelConfiguration("Catalog", url: store)])
    let repository = try SQLiteRepository<Movie>(container: container)
    for number in first..<first + limitPerRun {
      try await repository.insert(movies(number))
      FileHandle.standardOutput.write(Data("\(number)\n".utf8))
    }
    while true { try await Task.sleep(for: .seconds(3600)) }
  }
}
