import Foundation
import RepositoryTesting
import TestSupport
import Testing

/// `scripts/fuzz.sh`, run with a stand-in for the harness it builds (one newer than every
/// source, so none is built) that writes in its temporary folder as the store target does.
@Suite("scripts/fuzz.sh leaves nothing behind in the temporary folder")
struct FuzzScriptTests {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("scripts/fuzz.sh")

  /// A harness that makes the store target's folder and reports a run, as libFuzzer does.
  static let harness = """
    #!/bin/sh
    mkdir -p "${TMPDIR:-/tmp}/movies-fuzz-$$"
    : > "${TMPDIR:-/tmp}/movies-fuzz-$$/input.store"
    echo 'Done 1 runs in 0 second(s)'
    """

  @Test func theFoldersTheHarnessWritesInAreRemoved() async throws {
    let folder = try TemporaryDirectory(prefix: "movies-fuzz-script").url
    let (build, temporary) = (folder.appendingPathComponent("build"), folder.appendingPathComponent("tmp"))
    for made in [build, temporary] {
      try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
    }
    let binary = build.appendingPathComponent("movies-fuzz")
    try Data(Self.harness.utf8).write(to: binary)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o755, .modificationDate: Date().addingTimeInterval(365 * 86_400)], ofItemAtPath: binary.path)
    let (status, output, _) = try await MoviesProcess.runTool(
      "/bin/bash", [Self.script.path, "--seconds", "1", "store", "csv"],
      environment: ["FUZZ_BUILD": build.path, "TMPDIR": temporary.path, "PATH": "/usr/bin:/bin"])
    #expect(status == 0)
    #expect(
      output == "fuzz: store: 1 executions in 1s, no crash\nfuzz: csv: 1 executions in 1s, no crash\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
  }
}
