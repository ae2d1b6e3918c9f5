import Catalog
import Foundation
import Persistence

/// The relationship phases' framework side alone, repeated for a profiler to watch
/// (`perf record -g .build/release/movies-benchmark --profile-save 200`).
enum RelationshipProfile {
  /// Saves a context of mixed inserts, updates and deletes `times` times on one store: each
  /// save inserts the movies the one before deleted and deletes the ones it inserted.
  static func save(rows: Int, times: Int) async throws {
    try await withStore(rows: rows) { workload, store in
      var (inserting, deleting) = (workload.inserted, workload.deleted)
      var count = 0
      let elapsed = try await seconds {
        for _ in 0..<times {
          count = try workload.save(
            inserting: inserting, updating: workload.updated, deleting: deleting, in: store.container)
          swap(&inserting, &deleting)
        }
      }
      print("\(times) saves of \(workload.inserted.count * 3) changes in \(Int(elapsed * 1000)) ms, \(count) movies")
    }
  }

  /// Reads the pages with their reviews `times` times, both ways: in two queries a page, and
  /// one query a movie.
  static func reads(rows: Int, times: Int) async throws {
    try await withStore(rows: rows) { workload, store in
      var total = 0
      let elapsed = try await seconds {
        for _ in 0..<times {
          total += try await workload.readPagesInTwoQueries(movies: store.movies, reviews: store.reviews)
          total += try await workload.readPagesNPlusOne(movies: store.movies, reviews: store.reviews)
        }
      }
      print("read \(total) reviews in \(Int(elapsed * 1000)) ms")
    }
  }

  private static func withStore(
    rows: Int, _ body: (RelationshipWorkload, RelationshipWorkload.Store) async throws -> Void
  ) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("relations-profile-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let workload = RelationshipWorkload(rows: rows)
    try await body(workload, try await workload.makeStore(in: folder))
  }
}
