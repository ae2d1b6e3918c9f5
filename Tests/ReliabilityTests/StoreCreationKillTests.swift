import Foundation
import RepositoryTesting
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A process killed with SIGKILL while it creates a store leaves its temporary file behind; the
/// next open removes it — and only it: a stranger's file with a similar name, or a temporary
/// another creator is still using, stays.
@Suite("Killed store creations leave nothing behind")
struct StoreCreationKillTests {
  let folder: TemporaryDirectory
  init() throws { folder = try TemporaryDirectory() }

  /// The names in the folder, but the store's own files.
  func leftovers(besides store: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter {
      ![store, store + "-wal", store + "-shm"].contains($0)
    }.sorted()
  }

  @Test func aCreationKilledAtAnyWriteLeavesNothingAfterTheNextOpen() async throws {
    var killed = 0
    var leftBehind = 0
    for write in 1...200 {
      let name = "kill-\(write).store"
      let store = folder.file(name)
      let run = try Worker.run(["create", store.path, "\(write)"])
      if run.stdout.contains("created") { break }
      #expect(run.reason == .uncaughtSignal, "write \(write): \(run.stderr)")
      killed += 1
      let before = try leftovers(besides: name).filter { $0.hasPrefix(".\(name).") }
      if !before.isEmpty { leftBehind += 1 }
      _ = try CatalogStore.open(store)
      #expect(try leftovers(besides: name).filter { $0.hasPrefix(".\(name).") } == [], "write \(write): \(before)")
      #expect(try CatalogStore.problems(of: store) == [], "write \(write)")
    }
    ReliabilityScale.report("store creations killed", killed)
    ReliabilityScale.report("killed creations that left a temporary", leftBehind)
    // The test means something only if kills did leave temporaries for the next open to remove.
    #expect(killed > 5 && leftBehind == killed)
  }

  @Test func filesThatAreNotAbandonedTemporariesOfTheStoreStay() async throws {
    let name = "catalog.store"
    let store = folder.file(name)
    let hex = String(repeating: "0123456789abcdef", count: 2)
    let sqlite = Data("SQLite format 3\u{0}".utf8) + Data(repeating: 0, count: 84)
    let strangers: [String: Data] = [
      ".\(name).\(hex).new": Data("a stranger's notes".utf8),
      ".\(name).0123abcd.new": Data(),
      ".\(name).\(hex.uppercased()).new": Data(),
      ".\(name).\(hex).new.bak": Data(),
      ".other.store.\(hex).new": Data(),
      "\(name).\(hex).new": Data(),
      ".\(name).\(hex.dropLast())x.new": sqlite,
    ]
    for (stranger, bytes) in strangers { try bytes.write(to: folder.file(stranger)) }
    // A temporary whose creator is still at work: it holds the lock.
    let busy = folder.file(".\(name).\(String(repeating: "f", count: 32)).new")
    try Data().write(to: busy)
    let descriptor = open(busy.path, O_RDONLY)
    #expect(flock(descriptor, LOCK_EX) == 0)
    defer { close(descriptor) }
    // A link elsewhere to a temporary makes it not provably abandoned.
    let linked = folder.file(".\(name).\(String(repeating: "e", count: 32)).new")
    try Data().write(to: linked)
    try FileManager.default.linkItem(at: linked, to: folder.file("elsewhere"))

    _ = try CatalogStore.open(store)
    _ = try CatalogStore.open(store)

    for (stranger, bytes) in strangers {
      #expect(try Data(contentsOf: folder.file(stranger)) == bytes, "\(stranger)")
    }
    #expect(FileManager.default.fileExists(atPath: busy.path))
    #expect(FileManager.default.fileExists(atPath: linked.path))
  }
}
