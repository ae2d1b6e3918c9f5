import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories

/// Opens (migrating) a catalog store and inserts, fetches, updates and deletes movies, stopping
/// at the first failure; run under a hard heap limit by the out-of-memory test.
enum HeapWorkload {
  /// What a run did, one line per step: `ok <step> <movies added>` or `failed <step> <movies it
  /// would have added>: <error>`, then `added <movies added if the failed step did not commit>`.
  struct Report {
    var lines: [String] = []
    /// Whether a step failed with an error that is neither a `RepositoryError` nor a
    /// `PersistenceError`.
    var untyped = false
  }

  /// Runs the workload on the store at `store`.
  static func run(store: URL) async -> Report {
    var report = Report()
    var added = 0
    do {
      let container = try ModelContainer(
        for: CatalogModels.all, migrationPlan: CatalogMigrationPlan.self,
        configurations: [ModelConfiguration("Catalog", url: store)])
      let movies = try SQLiteRepository<Movie>(container: container)
      report.lines.append("ok open 0")
      let steps: [(name: String, added: Int, run: () async throws -> Void)] = [
        ("insert-many", 40, { try await movies.insert(batch(40, from: 0)) }),
        ("insert-one", 1, { try await movies.insert(batch(1, from: 100)) }),
        ("fetch", 0, { _ = try await movies.fetch(FetchDescriptor(sortBy: [SortDescriptor(\Movie.title)])) }),
        ("update", 0, { try await movies.update(movies.fetch(FetchDescriptor()).map { $0.rated(7) }) }),
        ("delete", -10, { _ = try await movies.delete(ids: movies.fetch(FetchDescriptor(fetchLimit: 10)).map(\.id)) }),
        ("count", 0, { _ = try await movies.fetchCount(FetchDescriptor()) }),
      ]
      for step in steps {
        do {
          try await step.run()
          added += step.added
          report.lines.append("ok \(step.name) \(step.added)")
        } catch {
          report.record(error, step: step.name, added: step.added)
          break
        }
      }
    } catch {
      report.record(error, step: "open", added: 0)
    }
    report.lines.append("added \(added)")
    return report
  }

  /// `count` movies titled `heap <n>` from `first` on.
  static func batch(_ count: Int, from first: Int) -> [Movie] {
    (first..<first + count).map { Movie(title: "heap \($0)", date: Date(timeIntervalSinceReferenceDate: 0)) }
  }
}

extension HeapWorkload.Report {
  /// Records a failed step, noting an error the engine does not declare.
  mutating func record(_ error: any Error, step: String, added: Int) {
    let typed = error is RepositoryError || error is PersistenceError
    if !typed { untyped = true }
    lines.append("failed \(step) \(added): \(typed ? "" : "untyped ")\(error)")
  }
}

extension Movie {
  /// The movie with another rating.
  func rated(_ rate: Int) -> Movie {
    var movie = self
    movie.rate = rate
    return movie
  }
}
