import Foundation
import Synchronization
import Testing

@testable import MoviesCLI

/// An export stopped by a signal leaves every file as it was: the previous export whole, no
/// new file, no `-wal` or `-shm` beside the catalog, and says so with the signal's status.
@Suite("movies export, interrupted")
struct ExportInterruptionTests {
  /// A catalog of enough movies that its export is still running when a signal sent as it
  /// begins arrives.
  private func catalog() async throws -> MoviesProcess {
    let movies = try MoviesProcess()
    let rows = (1...20_000).map { "Movie \($0),2001-01-01,\(String(repeating: "notes ", count: 20)),a|b\n" }
    let input = movies.folder.appendingPathComponent("many.csv")
    try Data(("title,date,content,tags\n" + rows.joined()).utf8).write(to: input)
    let imported = try await movies.run(["import", input.path])
    try #require(imported.status == 0, "\(imported.stderr)")
    return movies
  }

  /// The files beside the catalog's store.
  private func storeFiles(_ movies: MoviesProcess) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: movies.defaultStore.deletingLastPathComponent().path)
      .filter { $0.hasPrefix("catalog.store") }.sorted()
  }

  /// Runs `movies export --output PATH` in this process on the catalog, with `isInterrupted`
  /// for the signals: what it throws, if anything.
  private func export(
    _ movies: MoviesProcess, to path: String, isInterrupted: @escaping @Sendable () -> Bool
  ) async throws -> (any Error)? {
    guard
      case .run(_, let parsed) = try ArgumentParser(root: MoviesApplication.spec).parse(["export", "--output", path])
    else { throw AppError.notConfirmed("not a command") }
    let command = try ExportCommand(
      CommandArguments(parsed, declared: MoviesApplication.declaredArguments(of: ExportCommand.self)))
    let console = Console(standardOutput: { _ in }, standardError: { _ in }, readLine: { nil }, inputIsTerminal: false)
    let opened = OpenedCatalogs()
    let context = CommandContext(
      console: console, store: .file(movies.defaultStore), environment: movies.environment, opened: opened)
    do {
      try await command.run(in: context, isInterrupted: isInterrupted)
      try opened.finish(failed: false)
      return nil
    } catch {
      try? opened.finish(failed: true)
      return error
    }
  }

  /// Says "stop" from its `count`th question on: mid-export, after some output is written.
  private final class Countdown: Sendable {
    let asked = Mutex(0)
    let count: Int
    init(_ count: Int) { self.count = count }
    var check: @Sendable () -> Bool {
      { [self] in
        asked.withLock {
          $0 += 1; return $0 >= count
        }
      }
    }
  }

  @Test func anInterruptedExportLeavesThePreviousFileWhole() async throws {
    let movies = try await catalog()
    let path = movies.folder.appendingPathComponent("catalog.csv").path
    let previous = Data((0..<50_000).map { "previous line \($0)\n" }.joined().utf8)
    try previous.write(to: URL(fileURLWithPath: path))
    let countdown = Countdown(10)
    let error = try await export(movies, to: path, isInterrupted: countdown.check)
    #expect(error as? AppError == .interrupted("the export"))
    #expect(countdown.asked.withLock { $0 } == 10, "stopped mid-export, at the first question that said so")
    #expect(FileManager.default.contents(atPath: path) == previous, "the previous export, byte for byte")
    #expect(try storeFiles(movies) == ["catalog.store"], "the store closed, its -wal and -shm gone")
    // Uninterrupted, the same export replaces it.
    #expect(try await export(movies, to: path, isInterrupted: { false }) == nil)
    #expect(FileManager.default.contents(atPath: path) != previous)
  }

  @Test func anInterruptedExportRemovesTheNewFileItStarted() async throws {
    let movies = try await catalog()
    let path = movies.folder.appendingPathComponent("new.jsonl").path
    let countdown = Countdown(10)
    let error = try await export(movies, to: path, isInterrupted: countdown.check)
    #expect(error as? AppError == .interrupted("the export"))
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(try storeFiles(movies) == ["catalog.store"], "the store closed, its -wal and -shm gone")
  }

  /// A FIFO whose reader reads nothing makes the export wait to write; a signal ends the wait,
  /// and the export says what it sent stays sent.
  @Test func aSignalEndsTheWaitForAFIFOsReader() async throws {
    let movies = try await catalog()
    let fifo = movies.folder.appendingPathComponent("slow.csv").path
    try #require(mkfifo(fifo, 0o600) == 0)
    let running = try RunningMovies(movies, ["export", "--output", fifo])
    // Opened and never read: the pipe fills (64 KiB) and the export waits for room.
    let reader = open(fifo, O_RDONLY)
    defer { close(reader) }
    try await running.waitUntilCatching(SIGTERM)
    running.signal(SIGTERM)
    let result = try await running.finishAfterSignal(seconds: 10)
    #expect(result.status == 143)
    #expect(result.stderr == "movies: error: interrupted; the export to \(fifo) stopped, and what it sent stays sent\n")
    #expect(try storeFiles(movies) == ["catalog.store"], "the store closed, its -wal and -shm gone")
  }

  /// The same for a FIFO that no program has opened for reading yet.
  @Test func aSignalEndsTheWaitForAFIFOToBeOpened() async throws {
    let movies = try MoviesProcess()
    try await movies.add("One")
    let fifo = movies.folder.appendingPathComponent("unread.csv").path
    try #require(mkfifo(fifo, 0o600) == 0)
    let running = try RunningMovies(movies, ["export", "--output", fifo])
    try await running.waitUntilCatching(SIGTERM)
    running.signal(SIGTERM)
    let result = try await running.finishAfterSignal(seconds: 10)
    #expect(result.status == 143)
    #expect(result.stderr == "movies: error: interrupted; the export to \(fifo) stopped, and what it sent stays sent\n")
  }
}
