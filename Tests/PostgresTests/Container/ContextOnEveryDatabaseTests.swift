import Foundation
import Persistence
import Repositories
import RepositoryTesting
import StorageTesting
import Testing

/// A context written once and run on every database: it stages, saves all or nothing, reads
/// with `#Predicate`, enumerates, deletes by predicate, and its saves reach the history and its
/// observers.
@Suite(.needsPostgreSQL)
struct ContextOnEveryDatabaseTests {
  @Test(arguments: EveryDatabase.allCases)
  func aContextSavesAllItStagedAndReadsItBack(on database: EveryDatabase) throws {
    let container = try database.container(for: [Planet.self, Moon.self])
    let context = try ModelContext(container)
    let earth = Planet(name: "Earth", moonCount: 1)
    context.insert(earth)
    context.insert(Planet(name: "Mars", moonCount: 2))
    context.insert(Moon(name: "Moon", planetID: earth.id))
    #expect(try context.fetchCount(FetchDescriptor<Planet>()) == 0)
    try context.save()
    #expect(!context.hasChanges)
    let moony = try context.fetch(FetchDescriptor<Planet>(predicate: #Predicate { $0.moonCount > 1 }))
    #expect(moony.map(\.name) == ["Mars"])
    #expect(
      try context.fetchIdentifiers(FetchDescriptor<Moon>()) == [
        try #require(context.fetch(FetchDescriptor<Moon>()).first).id
      ])
    var seen: [String] = []
    try context.enumerate(FetchDescriptor<Planet>(sortBy: [SortDescriptor(\.name)]), batchSize: 1) {
      seen.append($0.name)
    }
    #expect(seen == ["Earth", "Mars"])
    try container.close()
  }

  @Test(arguments: EveryDatabase.allCases)
  func aFailedSaveStoresNothingAndKeepsEveryChangeStaged(on database: EveryDatabase) throws {
    let container = try database.container(for: [Planet.self, Moon.self])
    let context = try ModelContext(container)
    context.insert(Planet(name: "Venus"))
    context.insert(Planet(name: "Venus"))  // the name is unique
    #expect(throws: RepositoryError.self) { try context.save() }
    #expect(context.insertedModelsArray.count == 2)
    #expect(try context.fetchCount(FetchDescriptor<Planet>()) == 0)
    context.rollback()
    try container.close()
  }

  @Test(arguments: EveryDatabase.allCases)
  func aBatchDeleteRemovesWhatItsPredicateMatchesAtTheSave(on database: EveryDatabase) throws {
    let container = try database.container(for: [Planet.self, Moon.self])
    let context = try ModelContext(container)
    for (name, moons) in [("Mercury", 0), ("Jupiter", 95), ("Saturn", 146)] {
      context.insert(Planet(name: name, moonCount: moons))
    }
    try context.save()
    try context.delete(model: Planet.self, where: #Predicate { $0.moonCount > 100 })
    #expect(try context.fetchCount(FetchDescriptor<Planet>()) == 3)
    try context.save()
    let names = try context.fetch(FetchDescriptor<Planet>(sortBy: [SortDescriptor(\.name)])).map(\.name)
    #expect(names == ["Jupiter", "Mercury"])
    try container.close()
  }

  @Test(arguments: EveryDatabase.allCases)
  func closingSavesWhatTheMainContextStaged(on database: EveryDatabase) async throws {
    let configuration = try database.configuration()
    let container = try ModelContainer(for: [Planet.self, Moon.self], configurations: [configuration])
    let repository = try ModelRepository<Planet>(container: container)
    await MainActor.run { container.mainContext.insert(Planet(name: "Neptune")) }
    let pending = try await repository.fetchCount(FetchDescriptor())
    #expect(pending == 0)
    try container.close()
    guard database != .memory else { return }
    let reopened = try ModelContainer(for: [Planet.self, Moon.self], configurations: [configuration])
    #expect(try await ModelRepository<Planet>(container: reopened).fetchAll().map(\.name) == ["Neptune"])
    try reopened.close()
  }

  @Test(arguments: EveryDatabase.allCases)
  func saveReachTheHistoryAndItsObservers(on database: EveryDatabase) async throws {
    let container = try database.container(for: [Planet.self, Moon.self])
    let observer = try container.history(of: [Planet.self])
    var changes = observer.makeAsyncIterator()
    let context = try ModelContext(container)
    context.author = "importer"
    context.insert(Planet(name: "Uranus", moonCount: 28))
    try context.save()
    let heard = try #require(try await changes.next())
    #expect(heard.author == "importer")
    #expect(heard.changes.count == 1)
    let page = try container.fetchHistory()
    #expect(page.map(\.token) == [heard.token])
    #expect(try container.latestHistoryToken() == heard.token)
    #expect(try container.fetchHistory(before: nil, limit: 1).map(\.token) == [heard.token])
    #expect(try container.fetchHistory(HistoryDescriptor(predicate: #Predicate { $0.author == "importer" })).count == 1)
    #expect(try container.fetchHistoryChanges(of: heard.token, from: 0).count == 1)
    try container.deleteHistory(HistoryDescriptor(predicate: #Predicate { $0.author == "nobody" }))
    #expect(try container.fetchHistory().count == 1)
    try await ModelRepository<Planet>(container: container, author: "other").insert(Planet(name: "Vesta"))
    try container.deleteHistory(HistoryDescriptor(predicate: #Predicate { $0.author == "importer" }))
    // On a server, another suite's transaction still running holds the new commit back from
    // readers for a moment.
    var left: [String?] = []
    for _ in 0..<200 {
      left = try container.fetchHistory().map(\.author)
      if !left.isEmpty { break }
      try await Task.sleep(for: .milliseconds(50))
    }
    #expect(left == ["other"])
    try container.deleteHistory(through: try #require(try container.latestHistoryToken()))
    #expect(try container.fetchHistory().isEmpty)
    try container.close()
  }

  @Test(arguments: EveryDatabase.allCases)
  func resultsAreReadAgainAfterEachCommit(on database: EveryDatabase) async throws {
    let container = try database.container(for: [Planet.self, Moon.self])
    var results = try container.results(FetchDescriptor<Planet>(sortBy: [SortDescriptor(\.name)])).makeAsyncIterator()
    #expect(try await results.next()?.isEmpty == true)
    try await ModelRepository<Planet>(container: container).insert(Planet(name: "Pluto"))
    #expect(try await results.next()?.map(\.name) == ["Pluto"])
    try container.close()
  }
}
