import Foundation
import Persistence
import RepositoryTesting
import TestSupport
import Testing

/// A configuration's URL that names neither a file nor a PostgreSQL database is refused before
/// anything opens, rather than its path taken for a file's; a `postgres://` URL is never taken
/// for a file.
struct ConfigurationURLTests {
  let folder: TemporaryDirectory

  init() throws { folder = try TemporaryDirectory() }

  @Test(arguments: ["https://app:SECRETPW@example.com/db", "s3://bucket/db", "mysql://localhost/db"])
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

  @Test(arguments: ["postgres://app:SECRETPW@127.0.0.1:1/db", "postgresql://app:SECRETPW@127.0.0.1:1/db"])
  func aDatabaseURLIsNeverTakenForAFile(text: String) throws {
    let url = try #require(URL(string: text))
    // Port 1 on the loopback: nothing listens, so the connection is refused at once.
    let error = try #require(throws: PersistenceError.self) {
      try ModelContainer(for: [CrateRecord.self], configurations: [ModelConfiguration("Notes", url: url)])
    }
    guard case .postgres = error else {
      Issue.record("\(error)")
      return
    }
    #expect(!"\(error)".contains("SECRETPW"))
    #expect(!FileManager.default.fileExists(atPath: url.path))
  }

  @Test(arguments: ["s3://bucket/db", "postgres://127.0.0.1:1/db"])
  func noStoreOpensWhenOneConfigurationCannotOpen(second: String) throws {
    let file = folder.file("first.store")
    #expect(throws: PersistenceError.self) {
      try ModelContainer(
        for: [CrateRecord.self],
        configurations: [
          ModelConfiguration("First", url: file),
          ModelConfiguration("Second", url: URL(string: second)!),
        ])
    }
    #expect(!FileManager.default.fileExists(atPath: file.path))
  }
}
