import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories
import Testing

@Suite("Several processes on one store")
struct ProcessSharingTests {
  let process: MoviesProcess
  let store: URL

  init() throws {
    process = try MoviesProcess()
    store = process.folder.appendingPathComponent("shared.store")
  }

  /// A container of the shared store; without `fileEvents`, its observers check the store at
  /// their interval.
  func container(fileEvents: Bool = true) throws -> ModelContainer {
    var configuration = ModelConfiguration("Catalog", url: store)
    configuration.watchesFileEvents = fileEvents
    return try ModelContainer(
      for: CatalogModels.all, migrationPlan: CatalogMigrationPlan.self, configurations: [configuration])
  }

  /// Runs four `store-stress` processes at once, each writing `count` movies to the shared
  /// store or another, and expects each to succeed.
  private func runFourWriters(count: Int, store: URL? = nil) throws {
    let store = store ?? self.store
    let executable = MoviesProcess.executable.deletingLastPathComponent().appendingPathComponent("store-stress")
    let writers = try (0..<4).map { index -> (Process, Pipe) in
      let writer = Process()
      let errors = Pipe()
      writer.executableURL = executable
      writer.arguments = [store.path, "\(count)", "writer\(index)"]
      writer.standardError = errors
      try writer.run()
      return (writer, errors)
    }
    for (writer, errors) in writers {
      let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      writer.waitUntilExit()
      #expect(writer.terminationStatus == 0, "\(message)")
      #expect(!message.contains("locked"))
    }
  }

  @Test(.timeLimit(.minutes(5))) func fourProcessesWritingAThousandTimesEachEndWithEveryRow() async throws {
    let container = try container()
    try runFourWriters(count: 1000)
    #expect(try await SQLiteRepository<Movie>(container: container).fetchCount(FetchDescriptor()) == 4_000)
    let history = try container.fetchHistory()
    #expect(history.count == 4_000, "one transaction per write")
    #expect(Set(history.map(\.token)).count == 4_000)
  }

  // Each race below runs several times: a process that read the tables before another created
  // some, and the record of them after, once took them for tables changed behind the engine.
  @Test(.timeLimit(.minutes(5))) func processesOpeningAtOnceCreateAnAddedModelsTableOnce() async throws {
    for round in 0..<3 {
      let store = process.folder.appendingPathComponent("added-\(round).store")
      try CatalogBeforeTagging.createStore(at: store)
      #expect(try StoreInspection(url: store, plan: CatalogMigrationPlan.self).addedModels == ["Tagging"])
      try runFourWriters(count: 5, store: store)
      let info = try StoreInspection(url: store, plan: CatalogMigrationPlan.self)
      #expect(info.addedModels.isEmpty)
      #expect(info.rowCounts["movie_tags"] == 0)
      #expect(info.rowCounts["movies"] == 20)
      #expect(try info.check().isEmpty)
    }
  }

  @Test(.timeLimit(.minutes(5))) func processesCreatingAStoreAtOnceAllOpenIt() async throws {
    for round in 0..<3 {
      let store = process.folder.appendingPathComponent("new-\(round).store")
      try runFourWriters(count: 5, store: store)
      let info = try StoreInspection(url: store, plan: CatalogMigrationPlan.self)
      #expect(info.rowCounts["movies"] == 20)
      #expect(try info.check().isEmpty)
    }
  }

  @Test(.timeLimit(.minutes(5))) func anObserverSeesAnotherProcesssCommit() async throws {
    let container = try container()
    let observer = try container.history(models: ["Movie"], interval: .milliseconds(10))
    let seen = Task {
      var iterator = observer.makeAsyncIterator()
      return try await iterator.next()
    }
    let added = try await process.run(["--store", store.path, "add", "--title", "Alien", "--date", "1979-05-25"])
    #expect(added.status == 0)
    let transaction = try await seen.value
    #expect(transaction?.changes.map(\.kind) == [.insert])
    #expect(transaction?.changes.first?.id == added.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
  }
}
