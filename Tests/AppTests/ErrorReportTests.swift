import Catalog
import CatalogStorage
import Foundation
import Persistence
import Repositories
import SQLValues
import SQLiteCore
import Testing

@testable import MoviesCLI

@Suite("Errors a person can act on: one uniform line, no SQL, consistent exit statuses")
struct ErrorReportTests {
  @Test func everyErrorStartsWithTheSamePrefixAndHasItsStatus() {
    let cases: [(any Error, Int32)] = [
      (UsageError(command: "movies list", problem: .unknownOption("--x", suggestion: nil)), 2),
      (CatalogError.rateOutOfRange(11), 2),
      (CatalogError.invalidTag("a tag name must not be empty"), 2),
      (CatalogError.movieNotFound(UUID()), 1),
      (CatalogError.heartCountFull(UUID()), 1),
      (CatalogError.invalidImport(invalidRows: 2), 1),
      (CatalogError.invalidValue("the book's title must not be empty"), 2),
      (CatalogError.duplicateValue("another book has the same isbn"), 1),
      (RepositoryError.unavailable("disk I/O error", detail: "disk I/O error (SQLITE_IOERR, code 10) in: COMMIT"), 1),
      (RepositoryError.busy("another process is writing the store at /x and did not finish within 30 s"), 1),
      (PersistenceError.cannotOpen(path: "/x", reason: "file is not a database"), 1),
      // 130 for Ctrl-C; 128 + the signal when this test process has caught another first
      // (InterruptFlagTests sends itself SIGTERM, and the first signal caught is the one reported).
      (AppError.interrupted("the import"), InterruptFlag.received == 0 ? 130 : 128 + InterruptFlag.received),
    ]
    for (error, status) in cases {
      let (message, reported) = MoviesApplication.report(error)
      #expect(message.hasPrefix("movies: error: "), "\(message)")
      #expect(reported == status, "\(error)")
    }
  }

  /// Output that cannot be written — a full disk, a closed descriptor — ends the command with
  /// one line and status 1 (Foundation's `FileHandle` had stopped the process with a backtrace).
  @Test(arguments: ["> /dev/full", ">&-"])
  func outputThatCannotBeWrittenEndsTheCommandWithOneLine(redirect: String) async throws {
    let movies = try MoviesProcess()
    _ = try await movies.add("Alien")
    let (status, stderr) = try await movies.shell("\"$0\" list --format json \(redirect)")
    #expect(status == 1)
    #expect(stderr.hasPrefix("movies: error: cannot write to standard output: "), "\(stderr)")
    #expect(stderr.split(separator: "\n").count == 1, "\(stderr)")
  }

  @Test func sqliteErrorsSayWhatHappenedWithoutSQLOrCodes() {
    let error = SQLiteError(extendedCode: 11, message: "database disk image is malformed", sql: "SELECT * FROM movies")
    let (message, status) = MoviesApplication.report(error)
    #expect(message == "movies: error: database disk image is malformed")
    #expect(status == 1)
    let detail = MoviesApplication.technicalDetail(of: error)
    #expect(detail.contains("code 11") && detail.contains("SELECT * FROM movies"), "\(detail)")
  }

  @Test func aStoreThatIsNotADatabaseIsReportedWithoutCodesAndVerboseAddsTheDetail() async throws {
    let movies = try MoviesProcess()
    let store = movies.folder.appendingPathComponent("garbage.store")
    try Data(repeating: 0x42, count: 8192).write(to: store)
    let plain = try await movies.run(["--store", store.path, "list"])
    #expect(plain.status == 1)
    #expect(plain.stderr.hasPrefix("movies: error: "))
    #expect(!plain.stderr.contains("code") && !plain.stderr.contains("SQLITE") && !plain.stderr.contains("SELECT"))
    #expect(plain.stderr.filter { $0 == "\n" }.count == 1)
    let verbose = try await movies.run(["--store", store.path, "list", "--verbose"])
    #expect(verbose.stderr.hasPrefix(plain.stderr + "movies: detail: "))
    let debug = try await movies.run(["--store", store.path, "list"], environment: ["MOVIES_DEBUG": "1"])
    #expect(debug.stderr == verbose.stderr)
  }

  @Test func theAppWaitsHalfAMinuteForAnotherWriterUnlessToldOtherwise() throws {
    #expect(try MoviesApplication.busyTimeout(environment: [:]) == .seconds(30))
    #expect(try MoviesApplication.busyTimeout(environment: ["MOVIES_BUSY_TIMEOUT": "0.5"]) == .milliseconds(500))
    #expect(throws: UsageError.self) { try MoviesApplication.busyTimeout(environment: ["MOVIES_BUSY_TIMEOUT": "-1"]) }
  }

  @Test func optionsThatExcludeEachOtherAreNamed() async throws {
    let movies = try MoviesProcess()
    let result = try await movies.run(["update", UUID().uuidString, "--no-images", "--image", "a.png"])
    #expect(
      result.stderr == "movies: error: --no-images cannot be combined with --image (see 'movies update --help')\n")
    #expect(result.status == 2)
  }

  @Test func aHugeArgumentIsQuotedShortInTheError() async throws {
    let movies = try MoviesProcess()
    let result = try await movies.run(["show", String(repeating: "x", count: 100_000)])
    #expect(
      result
        == .init(
          status: 2, stdout: "",
          stderr: "movies: error: <id> expects a movie id (a UUID), got '\(String(repeating: "x", count: 199))…' "
            + "(see 'movies show --help')\n"))
  }

  @Test(arguments: StoreEngine.available) func heartingAMovieWithTheMostHeartsIsAFailureNotAUsageError(
    engine: StoreEngine
  ) async throws {
    let movies = try MoviesProcess(engine)
    let id = try await movies.add("Up")
    #expect(try await movies.run(["update", id, "--heart", "\(Int.max)"]).status == 0)
    let result = try await movies.run(["heart", id])
    #expect(result.status == 1)
    #expect(result.stderr == "movies: error: the movie \(id) has \(Int.max) hearts, the most a count can hold\n")
  }

  @Test func anArgumentThatIsNotUTF8IsAUsageErrorAndStoresNothing() throws {
    let movies = try MoviesProcess()
    // The shell passes the byte 0xE9 alone, which no Swift string can hold.
    let (status, message) = try shell(movies, "exec \"$0\" add --title \"$(printf 'Am\\351lie')\"")
    #expect(status == 2)
    #expect(
      message
        == "movies: error: argument 3 is not UTF-8 text: 'Am\\xE9lie'; give text and file names in UTF-8 (see 'movies --help')\n"
    )
    #expect(!FileManager.default.fileExists(atPath: movies.defaultStore.path))
  }

  @Test func aStorePathInTheEnvironmentThatIsNotUTF8IsRefusedNotReplaced() throws {
    let movies = try MoviesProcess()
    let (status, message) = try shell(
      movies, "MOVIES_STORE=\"$1/x$(printf '\\377').store\" exec \"$0\" add --title Heat")
    #expect(status == 2)
    #expect(
      message.hasPrefix("movies: error: MOVIES_STORE expects UTF-8 text, got '\(movies.folder.path)/x\\xFF.store'"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: movies.folder.path).isEmpty, "no store made anywhere")
  }

  /// Runs a shell script, which can pass bytes that are not UTF-8, with `movies` as `$0` and the
  /// test's folder as `$1`, and returns the exit status and standard error.
  private func shell(_ movies: MoviesProcess, _ script: String) throws -> (Int32, String) {
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    shell.arguments = ["-c", script, MoviesProcess.executable.path, movies.folder.path]
    shell.environment = [
      "XDG_DATA_HOME": movies.folder.appendingPathComponent("data").path, "HOME": movies.folder.path,
    ]
    let errors = Pipe()
    shell.standardError = errors
    try shell.run()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    shell.waitUntilExit()
    return (shell.terminationStatus, message)
  }
}
