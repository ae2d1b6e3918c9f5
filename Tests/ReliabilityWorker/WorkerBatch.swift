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

  /// Commits batches from `first` on, writing each number to standard output (unbuffered)
  /// after its commit returned.
  static func commitForever(store: URL, first: Int) async throws {
    let container = try ModelContainer(
      for: CatalogModels.all, migrationPlan: CatalogMigrationPlan.self,
      configurations: [ModelConfiguration("Catalog", url: store)])
    let repository = try SQLiteRepository<Movie>(container: container)
    for number in first..<Int.max {
      try await repository.insert(movies(number))
      FileHandle.standardOutput.write(Data("\(number)\n".utf8))
    }
  }
}
