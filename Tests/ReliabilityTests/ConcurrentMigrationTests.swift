import FaultVFS
import Foundation
import Persistence
import Repositories
import RepositoryTesting
import Synchronization
import TestSupport
import Testing

/// A note of version 1 of a small plan; version 2 gives it a flag.
struct RaceNote: PersistentModel, Hashable {
  var id = UUID()
  var text: String
  static let entity = Entity<RaceNote>(table: "notes")
}

/// The note of version 2.
struct RaceNoteV2: PersistentModel, Hashable {
  var id = UUID()
  var text: String
  var done: Bool?
  static let entity = Entity<RaceNoteV2>(table: "notes")
}

enum RaceV1: VersionedSchema {
  static let versionIdentifier = Schema.Version(1, 0, 0)
  static let models: [any PersistentModel.Type] = [RaceNote.self]
}

enum RaceV2: VersionedSchema {
  static let versionIdentifier = Schema.Version(2, 0, 0)
  static let models: [any PersistentModel.Type] = [RaceNoteV2.self]
}

/// How many times the stage ran, and what its first run waits for.
enum RaceStage {
  static let runs = Atomic<Int>(0)
  /// The number of busy locks the other opener must push past before the first run goes on.
  static let busyBefore = Atomic<Int64>(0)
}

/// Migrates 1 to 2; its first run holds the migration's write lock until another connection
/// has been found waiting for it.
enum RacePlan: SchemaMigrationPlan {
  static let schemas: [any VersionedSchema.Type] = [RaceV1.self, RaceV2.self]
  static let stages: [MigrationStage] = [
    .custom(
      fromVersion: RaceV1.self, toVersion: RaceV2.self,
      willMigrate: { _ in
        guard RaceStage.runs.add(1, ordering: .sequentiallyConsistent).oldValue == 0 else { return }
        // Bounded, for a broken build: the other opener waits for the lock within a second.
        let deadline = Date().addingTimeInterval(120)
        while fault_vfs_busy_locks() <= RaceStage.busyBefore.load(ordering: .sequentiallyConsistent),
          Date() < deadline
        {
          usleep(1000)
        }
      }, didMigrate: nil)
  ]
}

/// Two openers migrating one store at once: one migrates it (and backs it up), the other finds
/// it current under the migration's lock and says so, instead of migrating it again, failing on
/// the first one's backup, or reporting a migration it did not make.
@Suite("Two processes migrating one store at once", .serialized)
struct ConcurrentMigrationTests {
  let folder: TemporaryDirectory
  let url: URL

  init() throws {
    folder = try TemporaryDirectory()
    url = folder.file("notes.store")
    FaultyDisk.reset()
  }

  private static func open(
    _ url: URL, _ plan: any SchemaMigrationPlan.Type, vfs: String? = nil
  ) throws -> ModelContainer {
    var configuration = ModelConfiguration("Notes", url: url, busyTimeout: .seconds(120))
    configuration.vfs = vfs
    let types: [any PersistentModel.Type] = plan == RacePlan.self ? [RaceNoteV2.self] : [RaceNote.self]
    return try ModelContainer(
      for: types, migrationPlan: plan, backupBeforeMigration: true, configurations: [configuration])
  }

  private static func offThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
    }
  }

  @Test func theSecondFindsTheStoreCurrentAndMakesNoBackup() async throws {
    enum V1Plan: SchemaMigrationPlan {
      static let schemas: [any VersionedSchema.Type] = [RaceV1.self]
      static let stages: [MigrationStage] = []
    }
    let old = try Self.open(url, V1Plan.self)
    try await SQLiteRepository<RaceNote>(container: old).insert(RaceNote(text: "milk"))
    try old.close()
    RaceStage.runs.store(0, ordering: .sequentiallyConsistent)
    RaceStage.busyBefore.store(fault_vfs_busy_locks(), ordering: .sequentiallyConsistent)
    let url = url
    let first = Task { try await Self.offThread { try Self.open(url, RacePlan.self) } }
    // The second starts once the first migrates: it looks, finds version 1, and waits for the lock.
    while RaceStage.runs.load(ordering: .sequentiallyConsistent) == 0 { await Task.yield() }
    let second = try await Self.offThread { try Self.open(url, RacePlan.self, vfs: FaultyDisk.name) }
    let migrating = try await first.value

    #expect(migrating.migratedVersion(ofStoreAt: url) == Schema.Version(1, 0, 0))
    #expect(second.migratedVersion(ofStoreAt: url) == nil)
    #expect(RaceStage.runs.load(ordering: .sequentiallyConsistent) == 1)
    #expect(FileManager.default.fileExists(atPath: url.path + ".1.0.0.backup"))
    #expect(try await SQLiteRepository<RaceNoteV2>(container: second).fetch(FetchDescriptor()).map(\.text) == ["milk"])
    try migrating.close()
    try second.close()
  }
}
