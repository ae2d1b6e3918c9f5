import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories
import RepositoryTesting
import TestSupport
import Testing

@Suite("ModelContainer.mainContext and ModelConfiguration's SwiftData names")
@MainActor struct MainContextTests {
  let folder: TemporaryDirectory

  init() throws { folder = try TemporaryDirectory() }

  @Test func theMainContextIsOneContextOnTheFirstConfigurationsStore() throws {
    let container = try ModelContainer(
      for: Movie.self,
      configurations: ModelConfiguration("First", url: folder.file("first.store")),
      ModelConfiguration("Second", url: folder.file("second.store")))
    #expect(container.mainContext === container.mainContext)
    #expect(container.mainContext.container.mainContext === container.mainContext)
    container.mainContext.insert(Movie(title: "Alien", date: .now))
    try container.mainContext.save()
    #expect(try ModelContext(container, configuration: "First").fetchCount(FetchDescriptor<Movie>()) == 1)
    #expect(try ModelContext(container, configuration: "Second").fetchCount(FetchDescriptor<Movie>()) == 0)
  }

  @Test func theMainContextSavesBeforeItReadsAsSwiftDatasDoes() throws {
    let container = try ModelContainer(
      for: Movie.self, configurations: ModelConfiguration("Catalog", url: folder.file("catalog.store")))
    #expect(container.mainContext.autosaveEnabled)
    container.mainContext.insert(Movie(title: "Alien", date: .now))
    #expect(try container.mainContext.fetchCount(FetchDescriptor<Movie>()) == 1)
    #expect(!container.mainContext.hasChanges)
    #expect(try ModelContext(container).fetchCount(FetchDescriptor<Movie>()) == 1)
  }

  @Test func keepingTheMainContextDoesNotKeepItsContainer() throws {
    var container: ModelContainer? = try ModelContainer(
      for: Movie.self, configurations: ModelConfiguration("Catalog", url: folder.file("catalog.store")))
    weak let released = container
    let context = try #require(container?.mainContext)
    container = nil
    #expect(released == nil)
    context.insert(Movie(title: "Alien", date: .now))
    try context.save()
    #expect(try context.fetchCount(FetchDescriptor<Movie>()) == 1)
  }

  @Test func aContainerIsReleasedWithItsMainContext() throws {
    var container: ModelContainer? = try ModelContainer(
      for: Movie.self, configurations: ModelConfiguration("Catalog", url: folder.file("catalog.store")))
    weak let released = container
    container?.mainContext.insert(Movie(title: "Alien", date: .now))
    container = nil
    #expect(released == nil)
  }

  @Test func aConfigurationTellsItsURLAsSwiftDataDoes() {
    let url = folder.file("catalog.store")
    #expect(ModelConfiguration("Catalog", url: url).url == url)
    #expect(!ModelConfiguration("Catalog", url: url).isStoredInMemoryOnly)
    let memory = ModelConfiguration("Scratch", isStoredInMemoryOnly: true)
    #expect(memory.isStoredInMemoryOnly)
    #expect(memory.url == URL(fileURLWithPath: "/dev/null"))
  }
}
