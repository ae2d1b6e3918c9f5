import Foundation
import Persistence
import RepositoryTesting
import TestSupport
import Testing

/// A configuration's URL that names no file is refused before anything opens, rather than
/// its path taken for a file's.
struct ConfigurationURLTests {
  let folder: TemporaryDirectory

  init() throws { folder = try TemporaryDirectory() }

  @Test(arguments: [
    "postgres://app:SECRETPW@localhost:5432/db", "postgresql://localhost/db", "https://example.com/db",
    "s3://bucket/db",
  ])
  func aURLThatNamesNoFileIsRefusedAndNothingIsCreated(text: String) throws {
    let url = try #require(URL(string: text))
    let existedBefore = FileManager.default.fileExists(atPath: url.path)
    let configuration = ModelConfiguration("Notes", url: url)
    let error = try #require(throws: PersistenceError.self) {
      try ModelContainer(for: [CrateRecord.self], configurations: [configuration])
    }
    guard case .cannotOpen(let path, let reason) = error else {
      Issue.record("\(error)")
      return
    }
    #expect(!path.contains("SECRETPW"))
    #expect(!"\(error)".contains("SECRETPW"))
    #expect(reason.contains("not a file URL"), "\(reason)")
    #expect(FileManager.default.fileExists(atPath: url.path) == existedBefore)
  }

  @Test func aFileURLAndAPathWithoutASchemeOpen() throws {
    for url in [folder.file("a.store"), try #require(URL(string: folder.file("b.store").path))] {
      let container = try ModelContainer(for: [CrateRecord.self], configurations: [ModelConfiguration(url: url)])
      try container.close()
      #expect(FileManager.default.fileExists(atPath: url.path))
    }
  }

  @Test func noStoreOpensWhenOneConfigurationNamesNoFile() throws {
    let file = folder.file("first.store")
    #expect(throws: PersistenceError.self) {
      try ModelContainer(
        for: [CrateRecord.self],
        configurations: [
          ModelConfiguration("First", url: file),
          ModelConfiguration("Second", url: URL(string: "postgres://localhost/db")!),
        ])
    }
    #expect(!FileManager.default.fileExists(atPath: file.path))
  }
}
