import Foundation
import RepositoryTesting
import TestSupport
import Testing

/// With SQLite's heap limited ever more tightly, opening (and migrating), inserting, fetching,
/// updating and deleting fail with typed errors, never a crash, and the store stays sound.
///
/// The limit is process-wide, so the workload runs in a child process for each limit.
@Suite("Out of memory")
struct OutOfMemoryTests {
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/catalog-1.0.0.store")

  let folder: TemporaryDirectory
  init() throws { folder = try TemporaryDirectory() }

  /// A fresh copy of the version 1.0.0 catalog, which opening migrates.
  func copyFixture(_ name: String) throws -> URL {
    let url = folder.file("\(name).store")
    try FileManager.default.copyItem(at: Self.fixture, to: url)
    return url
  }

  @Test func aLowerHeapLimitGivesTypedErrorsAndASoundStore() async throws {
    let steps = ReliabilityScale.count(48, long: 400)
    var limit = 8.0 * 1024 * 1024
    var failed = 0
    let baseline = try await CatalogStore.movies(in: try copyFixture("baseline")).count
    for level in 0..<steps {
      let bytes = Int(limit)
      limit *= pow(1.0 / 512, 1.0 / Double(steps))  // down to 16 KiB
      let url = try copyFixture("heap-\(level)")
      let run = try Worker.run(["heap", url.path, "\(bytes)"])
      #expect(run.reason == .exit && run.status == 0, "limit \(bytes): \(run.stdout) \(run.stderr)")
      let lines = run.stdout.split(separator: "\n")
      let failure = lines.first { $0.hasPrefix("failed ") }
      if failure != nil { failed += 1 }
      let expected = lines.last.flatMap { $0.hasPrefix("added ") ? Int($0.dropFirst(6)).map { baseline + $0 } : nil }
      // The step that failed may have committed before its error: count its movies too.
      let pending = failure.flatMap { Int($0.split(separator: " ")[2].dropLast()) } ?? 0
      let stored = try await CatalogStore.movies(in: url).count
      #expect(
        expected.map { stored == $0 || stored == $0 + pending } == true,
        "limit \(bytes): \(stored) movies stored; \(run.stdout)")
      #expect(try CatalogStore.problems(of: url) == [], "limit \(bytes)")
    }
    ReliabilityScale.report("heap limits tried", steps)
    ReliabilityScale.report("heap limits that failed a step", failed)
    #expect(failed > 0, "no limit was low enough to fail a step")
    #expect(failed < steps, "no limit was high enough for the whole workload")
  }
}
