import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories
import RepositoryTesting
import TestSupport
import Testing

/// Closing a container never drops what a context staged: the changes of a context that
/// autosaves (the main context, or any with `autosaveEnabled`) are saved first, as SwiftData's
/// autosave does; those of one that does not keep the container open, with an error saying so.
@Suite("Closing a container with unsaved changes in its contexts")
@MainActor struct ContextCloseTests {
  let folder: TemporaryDirectory
  let url: URL

  init() throws {
    folder = try TemporaryDirectory()
    url = folder.file("catalog.store")
  }

  private func open() throws -> ModelContainer {
    try ModelContainer(for: Movie.self, configurations: ModelConfiguration("Catalog", url: url))
  }

  /// The titles stored, read by a container of its own.
  private func storedTitles() throws -> [String] {
    let container = try open()
    defer { try? container.close() }
    return try ModelContext(container).fetch(FetchDescriptor<Movie>(sortBy: [SortDescriptor(\.title)])).map(\.title)
  }

  private func expectUnsaved(saying words: String = "not saved", _ close: () throws -> Void) {
    #expect {
      try close()
    } throws: { error in
      guard case PersistenceError.unsavedChanges(let path, let reason) = error else { return false }
      return path == url.path && reason.contains(words)
    }
  }

  @Test func theMainContextsInsertIsSavedByClose() throws {
    let container = try open()
    container.mainContext.insert(Movie.alien)
    try container.close()
    #expect(try storedTitles() == ["Alien"])
  }

  @Test func anAutosavingContextsChangesAreSavedByCloseEvenOnceReleased() throws {
    let container = try open()
    var context: ModelContext? = try ModelContext(container)
    context?.autosaveEnabled = true
    context?.insert(Movie.alien)
    let kept = try ModelContext(container)
    kept.autosaveEnabled = true
    kept.insert(Movie.heat)
    context = nil
    try container.close()
    #expect(try storedTitles() == ["Alien", "Heat"])
  }

  @Test func aContextThatDoesNotAutosaveKeepsTheContainerOpenUntilItSaves() throws {
    let container = try open()
    let context = try ModelContext(container)
    context.insert(Movie.alien)
    expectUnsaved { try container.close() }
    // Nothing was closed: the change can still be saved, and then the container closes.
    #expect(context.hasChanges)
    try context.save()
    try container.close()
    #expect(try storedTitles() == ["Alien"])
  }

  @Test func aContextRolledBackLetsTheContainerClose() throws {
    let container = try open()
    let context = try ModelContext(container)
    context.insert(Movie.alien)
    context.rollback()
    try container.close()
    #expect(try storedTitles() == [])
  }

  @Test func aBackgroundContextsUnsavedChangesAreNotDropped() async throws {
    let container = try open()
    let worker = try BackgroundModelContext(container)
    try await worker.perform { $0.insert(Movie.alien) }
    expectUnsaved { try container.close() }
    try await worker.perform { context in
      context.autosaveEnabled = true
      context.insert(Movie.heat)
    }
    try container.close()
    #expect(try storedTitles() == ["Alien", "Heat"])
  }

  @Test func anAutosaveThatFailsKeepsTheChangesAndTheContainerOpen() throws {
    let container = try open()
    let stored = try ModelContext(container)
    stored.insert(Movie.alien)
    try stored.save()
    // A second model with Alien's identifier: its insert breaks the primary key.
    container.mainContext.insert(Movie.alien)
    expectUnsaved(saying: "saving a context's changes failed") { try container.close() }
    #expect(container.mainContext.hasChanges)
    container.mainContext.rollback()
    try container.close()
    #expect(try storedTitles() == ["Alien"])
  }
}
