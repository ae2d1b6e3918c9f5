import Catalog
import CatalogStorage
import Foundation
import Persistence
import Testing

/// Every character a terminal acts on: C0 (NUL to US), DEL, C1, the line and paragraph
/// separators, and the bidirectional embeddings, overrides and isolates.
private let hostileScalars: [Unicode.Scalar] =
  (0x00...0x1F).map { Unicode.Scalar($0)! } + (0x7F...0x9F).map { Unicode.Scalar($0)! }
  + (0x2028...0x202E).map { Unicode.Scalar($0)! } + (0x2066...0x2069).map { Unicode.Scalar($0)! }

/// All of them, between letters so that trimming keeps them.
private let hostile = "A" + String(String.UnicodeScalarView(hostileScalars)) + "Z"
/// The same without NUL, which a command line cannot carry.
private let hostileArgument = hostile.replacingOccurrences(of: "\u{0}", with: "")

/// The active characters found in a human-readable output; a line feed ends a line there.
private func active(in output: String) -> [String] {
  output.unicodeScalars.filter { $0 != "\n" && hostileScalars.contains($0) }.map {
    "U+" + String($0.value, radix: 16, uppercase: true)
  }
}

@Suite("Hostile text is inert on a terminal, and exact in the store and in JSON")
struct HostileTextTests {
  /// Runs a command whose output is for people, and checks that nothing in it acts on a terminal.
  @discardableResult
  private func human(
    _ movies: MoviesProcess, _ arguments: [String], status: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> MoviesProcess.Result {
    let result = try await movies.run(arguments)
    #expect(result.status == status, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
    #expect(active(in: result.stdout) == [], "\(arguments) stdout", sourceLocation: sourceLocation)
    #expect(active(in: result.stderr) == [], "\(arguments) stderr", sourceLocation: sourceLocation)
    return result
  }

  /// Runs a command that prints JSON, checks that its text is inert too, and decodes it.
  private func json(
    _ movies: MoviesProcess, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> Any {
    let result = try await movies.run(arguments + ["--format", "json"])
    #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
    #expect(active(in: result.stdout) == [], "\(arguments) JSON", sourceLocation: sourceLocation)
    return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
  }

  /// Tags of at most 50 characters that together hold every hostile character.
  private var hostileTags: [String] {
    stride(from: 0, to: hostileScalars.count, by: 20).map { start in
      "t" + String(String.UnicodeScalarView(hostileScalars[start..<min(start + 20, hostileScalars.count)])) + "t"
    }
  }

  /// A movie imported with hostile title, content and tags (an import can store NUL too), and
  /// a review with hostile text and author.
  private func hostileMovie(_ movies: MoviesProcess) async throws -> (id: String, review: String) {
    let line = try JSONSerialization.data(
      withJSONObject: [
        "title": hostile, "content": hostile + "\n" + hostile, "date": "2001-01-01", "tags": hostileTags,
      ])
    let file = movies.folder.appendingPathComponent("hostile.jsonl")
    try (line + Data("\n".utf8)).write(to: file)
    try await human(movies, ["import", file.path])
    let id = try #require(try await movies.listed().first?["id"] as? String)
    let review = try await human(movies, ["review", "add", id, "--text", hostileArgument, "--author", hostileArgument])
    return (id, review.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  @Test(arguments: StoreEngine.available) func everyTextFieldIsEscapedInEveryHumanOutput(
    engine: StoreEngine
  ) async throws {
    let movies = try MoviesProcess(engine)
    let (id, _) = try await hostileMovie(movies)
    try await human(movies, ["list"])
    try await human(movies, ["list", "--tag", hostileTags[0]])
    try await human(movies, ["show", id])
    try await human(movies, ["review", "list", id])
    try await human(movies, ["stats"])
    try await human(movies, ["history"])
    try await human(movies, ["heart", id])
    try await human(movies, ["rate", id, "7"])
    try await human(movies, ["tag", "add", id, hostileArgument.prefix(40) + "t"])
    try await human(movies, ["tag", "remove", id, hostileArgument.prefix(40) + "t"])
    try await human(movies, ["update", id, "--content", hostileArgument])
    try await human(movies, ["watch", "--updates", "0"])
    try await human(movies, ["export", "--output", movies.folder.appendingPathComponent("out\u{1B}[2J.csv").path])
    // `store info` and `store check` read a store file's own structure.
    if engine == .file {
      try await human(movies, ["store", "info"])
      try await human(movies, ["store", "check"])
    }
  }

  @Test(arguments: StoreEngine.available) func theTableKeepsItsColumnsAlignedWhateverTheText(
    engine: StoreEngine
  ) async throws {
    let movies = try MoviesProcess(engine)
    let (id, _) = try await hostileMovie(movies)
    try await human(movies, ["review", "add", id, "--text", "plain", "--author", "Bob"])
    let table = try await human(movies, ["review", "list", id]).stdout.split(separator: "\n").map(String.init)
    #expect(table.count == 3, "one line per review: \(table)")
    // Each line's last column starts where the header's does.
    let column = try #require(table[0].range(of: "TEXT")).lowerBound.utf16Offset(in: table[0])
    for line in table.dropFirst() {
      let prefix = String(line.utf16.prefix(column))!
      #expect(prefix.hasSuffix("  "), "the column before TEXT ends with its gap: \(line)")
      #expect(!String(line.utf16.dropFirst(column))!.hasPrefix(" "), "TEXT starts in its column: \(line)")
    }
  }

  @Test(arguments: StoreEngine.available) func jsonOutputReadsBackExactlyWhatWasStored(engine: StoreEngine) async throws
  {
    let movies = try MoviesProcess(engine)
    let (id, review) = try await hostileMovie(movies)
    let listed = try #require(try await json(movies, ["list"]) as? [[String: Any]])
    #expect(listed.first?["title"] as? String == hostile)
    #expect(listed.first?["content"] as? String == hostile + "\n" + hostile)
    #expect(Set(listed.first?["tags"] as? [String] ?? []) == Set(hostileTags))
    let shown = try #require(try await json(movies, ["show", id]) as? [String: Any])
    #expect(shown["title"] as? String == hostile)
    let reviews = try #require(try await json(movies, ["review", "list", id]) as? [[String: Any]])
    #expect(reviews.first?["id"] as? String == review)
    #expect(reviews.first?["text"] as? String == hostileArgument)
    #expect(reviews.first?["author"] as? String == hostileArgument)
  }

  @Test(arguments: StoreEngine.available) func exportedJSONIsInertAndImportsBackExactly(
    engine: StoreEngine
  ) async throws {
    let movies = try MoviesProcess(engine)
    _ = try await hostileMovie(movies)
    for format in ["json", "jsonl"] {
      let file = movies.folder.appendingPathComponent("export.\(format)")
      try await human(movies, ["export", "--output", file.path])
      let text = try String(contentsOf: file, encoding: .utf8)
      #expect(active(in: text) == [], "\(format)")
      let other = try MoviesProcess(engine)
      let imported = try await other.run(["import", file.path])
      #expect(imported.status == 0, "\(imported.stderr)")
      let listed = try await other.listed().first
      #expect(listed?["title"] as? String == hostile, "\(format)")
      #expect(listed?["content"] as? String == hostile + "\n" + hostile, "\(format)")
      #expect(Set(listed?["tags"] as? [String] ?? []) == Set(hostileTags), "\(format)")
    }
  }

  @Test(.timeLimit(.minutes(5)), arguments: StoreEngine.available)
  func aHostileAuthorInTheHistoryIsEscapedInHistoryAndWatch(engine: StoreEngine) async throws {
    let movies = try MoviesProcess(engine)
    try await movies.add("Alien")
    let watch = try WatchingMovies(movies, ["watch", "--updates", "1"])
    try watch.waitForOutput(containing: "Alien")
    try await movies.insert(Movie(title: "Heat", date: Date(timeIntervalSinceReferenceDate: 0)), author: hostile)
    let watched = try watch.finish()
    #expect(watched.status == 0, "\(watched.stderr)")
    #expect(watched.stdout.contains("Heat"))
    #expect(active(in: watched.stdout) == [])

    _ = try await movies.history(count: 2)
    try await human(movies, ["history"])
    let history = try #require(try await json(movies, ["history"]) as? [[String: Any]])
    #expect(history.last?["author"] as? String == hostile)
  }

  @Test(arguments: StoreEngine.available) func errorMessagesQuotingInputAreEscaped(engine: StoreEngine) async throws {
    let movies = try MoviesProcess(engine)
    let (id, _) = try await hostileMovie(movies)
    let escape = "\u{1B}]0;owned\u{07}\u{202E}"
    try await human(movies, ["show", escape], status: 2)
    try await human(movies, ["list", "--bogus" + escape], status: 2)
    try await human(movies, ["list", "--min-rate", escape], status: 2)
    try await human(movies, ["import", movies.folder.appendingPathComponent(escape + ".csv").path], status: 1)
    try await human(movies, ["add", "--title", "Heat", "--image", "/nonexistent/" + escape], status: 1)
    try await human(movies, ["export", "--output", "/nonexistent/" + escape + "/out.csv"], status: 1)
    try await human(
      movies, ["--store", movies.folder.appendingPathComponent(escape).path + "/x/y", "store", "info"], status: 1)
    // A duplicate's error quotes the title it shares.
    try await human(movies, ["add", "--title", hostileArgument, "--date", "2001-01-01"])
    let duplicate = try await human(movies, ["add", "--title", hostileArgument, "--date", "2001-01-01"], status: 1)
    #expect(duplicate.stderr.hasPrefix("movies: error: a movie titled"))
    #expect(duplicate.stderr.filter { $0 == "\n" }.count == 1, "one line: \(duplicate.stderr)")
    _ = id
  }

  @Test(arguments: StoreEngine.available) func aTitleWithControlsIsStoredExactlyAsGiven(
    engine: StoreEngine
  ) async throws {
    let movies = try MoviesProcess(engine)
    let id = try await movies.add(hostileArgument)
    #expect(try await movies.listed().first?["title"] as? String == hostileArgument)
    #expect(try await movies.listed().first?["id"] as? String == id)
  }
}

/// A `movies watch` whose output the test reads while it runs.
private final class WatchingMovies {
  let process = Process()
  let output = Pipe()
  let errors = Pipe()
  private var seen = ""

  init(_ movies: MoviesProcess, _ arguments: [String]) throws {
    process.executableURL = MoviesProcess.executable
    process.arguments = arguments
    process.environment = movies.environment
    process.standardOutput = output
    process.standardError = errors
    try process.run()
  }

  /// Reads standard output until it holds `text`; what was read is kept for ``finish()``.
  func waitForOutput(containing text: String) throws {
    while !seen.contains(text) {
      let data = output.fileHandleForReading.availableData
      guard !data.isEmpty else { throw CocoaError(.fileReadUnknown) }
      seen += String(decoding: data, as: UTF8.self)
    }
  }

  /// Waits for the process to end and returns all it printed.
  func finish() throws -> MoviesProcess.Result {
    let rest = output.fileHandleForReading.readDataToEndOfFile()
    let errorText = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return MoviesProcess.Result(
      status: process.terminationStatus, stdout: seen + String(decoding: rest, as: UTF8.self),
      stderr: String(decoding: errorText, as: UTF8.self))
  }
}
