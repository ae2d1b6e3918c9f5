import Foundation
import RepositoryTesting
import TestSupport
import Testing

@testable import Persistence

@Suite("A store's path is resolved to its real file, whatever the path holds")
struct RealPathTests {
  let folder: TemporaryDirectory

  init() throws { folder = try TemporaryDirectory() }

  @Test func aMissingFoldersDotDotIsLeftUnresolvedInsteadOfGrowingForever() {
    // The folder of `missing/..` was taken as `missing/../..`, and so on without end.
    let path = folder.file("missing/../catalog.store").path
    #expect(RealPath.resolve(path) == path)
    #expect(RealPath.resolve(folder.file("missing/..").path) == folder.file("missing/..").path)
  }

  @Test func aMissingFilesFolderMayHoldEmptyNamesAndDots() {
    let real = RealPath.resolve(folder.url.path)
    #expect(RealPath.resolve(folder.url.path + "/a//b/./c.store") == real + "/a/b/c.store")
    #expect(RealPath.resolve(folder.url.path + "/./c.store") == real + "/c.store")
  }

  @Test func aMissingPathThatNamesAFolderIsLeftUnresolved() {
    for path in [folder.url.path + "/new/", folder.url.path + "/new/.", folder.url.path + "/new//"] {
      #expect(RealPath.resolve(path) == path)
    }
  }

  @Test func splittingKeepsEveryLetterAndEndsAtTheRoot() {
    #expect(RealPath.split("/a/b/..")! == ("/a/b", ".."))
    #expect(RealPath.split("/a/")! == ("/a", ""))
    #expect(RealPath.split("/a")! == ("/", "a"))
    #expect(RealPath.split("/") == nil)
  }
}
