import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories

/// A fixed sequence of catalog transactions, with the movies the store holds after each, for
/// the tests that fail or cut the disk under it.
struct CatalogWorkload {
  /// One transaction and what the store holds once it has committed.
  struct Step {
    let name: String
    let run: @Sendable (SQLiteRepository<Movie>) async throws -> Void
    let after: Set<Movie>
  }

  /// How a run through a faulty disk ended.
  struct Outcome {
    /// How many steps reported success (the open included as step 0).
    var completed = 0
    /// The error of the step that failed, if one did.
    var error: (any Error)?
    /// The errors of steps that failed and then succeeded when tried again.
    var recovered: [any Error] = []
    /// A read that returned something other than what the store holds.
    var wrongRead: String?
  }

  /// The movies of the store before the workload.
  let initial: Set<Movie>
  /// The transactions, in order.
  let steps: [Step]

  init() {
    let date = Date(timeIntervalSinceReferenceDate: 700_000_000)
    let seeded = (0..<20).map { Movie(title: "seed \($0)", content: "notes \($0)", date: date, rate: $0 % 11) }
    initial = Set(seeded)
    var state = initial
    var steps: [Step] = []
    func add(
      _ name: String, _ change: (inout Set<Movie>) -> Void,
      _ run: @escaping @Sendable (SQLiteRepository<Movie>) async throws -> Void
    ) {
      change(&state)
      steps.append(Step(name: name, run: run, after: state))
    }
    let added = (0..<10).map { Movie(title: "added \($0)", date: date.addingTimeInterval(Double($0))) }
    add("insert ten", { $0.formUnion(added) }) { try await $0.insert(added) }
    var rated = seeded[3]
    rated.rate = 10
    rated.heart = 4
    add(
      "update one",
      {
        $0.remove(seeded[3]); $0.insert(rated)
      }
    ) { [rated] in try await $0.update(rated) }
    let removed = Array(seeded[5..<8])
    add("delete three", { $0.subtract(removed) }) { try await $0.delete(ids: removed.map(\.id)) }
    let long = Movie(title: "long notes", content: String(repeating: "0123456789abcdef", count: 600), date: date)
    add("insert a long one", { $0.insert(long) }) { try await $0.insert(long) }
    var renamed = seeded[10]
    renamed.title = "renamed"
    let upserted = [renamed, Movie(title: "upserted", date: date)]
    add(
      "upsert two",
      {
        $0.remove(seeded[10]); $0.formUnion(upserted)
      }
    ) { try await $0.upsert(upserted) }
    self.steps = steps
  }

  /// The movies after `completed` steps, the open being the first.
  func state(after completed: Int) -> Set<Movie> {
    completed <= 1 ? initial : steps[min(completed, steps.count + 1) - 2].after
  }

  /// The movies after every step.
  var final: Set<Movie> { state(after: steps.count + 1) }

  /// Creates the store at `url` holding ``initial``, through the system's VFS.
  func prepare(_ url: URL) async throws {
    let container = try CatalogStore.open(url)
    try await SQLiteRepository<Movie>(container: container).insert(Array(initial))
  }

  /// Opens the store through `vfs` and runs the steps, then reads every movie back; stops at
  /// the first failure, unless `recover` says to try the step once more. The container is
  /// closed on return.
  func run(on url: URL, vfs: String, recover: (any Error) -> Bool = { _ in false }) async -> Outcome {
    var outcome = Outcome()
    /// Runs `body`, and once more if it fails and `recover` says so.
    func attempt<T>(_ body: () async throws -> T) async throws -> T {
      do { return try await body() } catch  where recover(error) {
        outcome.recovered.append(error)
        return try await body()
      }
    }
    do {
      let container = try await attempt { try CatalogStore.open(url, vfs: vfs) }
      let movies = try SQLiteRepository<Movie>(container: container)
      outcome.completed = 1
      for step in steps {
        try await attempt { try await step.run(movies) }
        outcome.completed += 1
      }
      let read = Set(try await movies.fetch(FetchDescriptor()))
      if read != state(after: outcome.completed) {
        outcome.wrongRead = "read \(read.count) movies, not the stored ones"
      }
    } catch {
      outcome.error = error
    }
    return outcome
  }
}
