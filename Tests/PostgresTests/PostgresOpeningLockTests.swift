import Foundation
import Persistence
import PostgresCore
import Testing

/// A gate a migration stage waits at, opened by the test.
private let stageGate = DispatchSemaphore(value: 0)
/// Signalled when the stage has begun, inside the opening's transaction.
private let stageBegan = DispatchSemaphore(value: 0)

/// Version 2 through a stage that waits at ``stageGate``: an opening held mid-way.
private enum HeldPlan: SchemaMigrationPlan {
  static let schemas: [any VersionedSchema.Type] = [NotebookV1.self, NotebookV2.self]
  static let stages: [MigrationStage] = [
    .custom(
      fromVersion: NotebookV1.self, toVersion: NotebookV2.self,
      willMigrate: { _ in
        stageBegan.signal()
        stageGate.wait()
      }, didMigrate: nil)
  ]
}

/// Opening a store takes a lock of its schema's: processes opening one schema at once create
/// or migrate its tables once, and a store of another schema does not wait for them.
@Suite(.needsPostgreSQL, .serialized)
struct PostgresOpeningLockTests {
  @Test func anOpeningWaitsOnlyForOneOfTheSameSchema() async throws {
    let (held, other) = (try PostgresTestServer.makeSchema(), try PostgresTestServer.makeSchema())
    _ = try await PostgresStore(url: held, for: NotebookV1.models, migrationPlan: NotebookPlanV1.self, poolSize: 1)
    // One opening migrates the first schema and stops in its stage, holding the schema's lock.
    let migrating = Task {
      try await PostgresStore(url: held, for: NotebookV2.models, migrationPlan: HeldPlan.self, poolSize: 1)
    }
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        stageBegan.wait()
        continuation.resume()
      }
    }
    // Unstructured, so that a store stuck behind the lock cannot hang the test: the gate opens
    // whatever happens.
    let elsewhere = Task { try await PostgresStore(url: other, for: NotebookV2.models, poolSize: 1) }
    let same = Task { try await PostgresStore(url: held, for: NotebookV2.models, poolSize: 1) }
    let deadline = ContinuousClock.now + .seconds(30)
    while try Self.tables(in: other) == 0, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    let sameWasWaiting = try Self.tables(in: held) == 2
    stageGate.signal()
    #expect(ContinuousClock.now < deadline, "another schema's store opened while this one was migrating")
    #expect(sameWasWaiting, "an opening of the same schema waited for the migration")
    _ = try await migrating.value
    _ = try await elsewhere.value
    _ = try await same.value
  }

  /// How many tables of the notebook's (and its version record) the schema a URL's search path
  /// names holds.
  private static func tables(in url: String) throws -> Int64 {
    try PostgresConnection(url: url).query(
      "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema() AND tablename IN ('notes', 'folders', 'labels')"
    ).int64(row: 0, column: 0) ?? 0
  }
}
