/// What the benchmark was asked to do, read from its command line.
struct BenchmarkOptions: Equatable {
  /// The benchmark's modes: the full comparison, or one measurement for a profiler.
  enum Mode: Equatable {
    /// Every phase, framework against raw SQLite.
    case compare
    /// Fetch every movie this many times through the framework.
    case profileFetch(times: Int)
    /// Run this many small date-range queries through the framework.
    case profileQuery(times: Int)
    /// The write phases alone, framework against raw SQLite, over this many rounds.
    case writes(rounds: Int)
    /// The relationship phases alone, framework against raw SQLite, over this many rounds.
    case relations(rounds: Int)
    /// Save a context of mixed changes this many times through the framework.
    case profileSave(times: Int)
    /// Read the pages of movies with their reviews, both ways, this many times.
    case profileReviews(times: Int)
    /// Compare a cursor's and a fetch's peak memory over this many movies, then a delete's.
    case memory(rows: Int)
    /// Decode this many movies with `Codable` alone.
    case codableFloor(times: Int)
    /// Print the usage and stop.
    case help
  }

  /// Where the PostgreSQL phases run.
  enum PostgresTarget: Equatable {
    /// A server the user names by a libpq URL.
    case url(String)
    /// A throwaway cluster the benchmark starts, as the tests do.
    case throwaway
  }

  var mode = Mode.compare
  /// Run the store phases on PostgreSQL instead of the SQLite sections.
  var postgres: PostgresTarget?
  var rows = 100_000
  var rounds = 4
  /// Print one JSON document instead of tables, for comparing runs.
  var json = false

  static let usage = """
    usage: movies-benchmark [--rows N] [--rounds N] [--json] [--postgres [URL]]
           movies-benchmark --profile-fetch TIMES | --profile-query TIMES | --writes ROUNDS [--rows N]
           movies-benchmark --relations ROUNDS | --profile-save TIMES | --profile-reviews TIMES [--rows N]
           movies-benchmark --memory ROWS | --codable-floor TIMES | --help

    Compares the framework with the raw SQLite C API doing the same work, in one run. Build it
    in release: swift run -c release movies-benchmark

      --rows N               movies in the catalog (default 100000)
      --rounds N             rounds; each phase runs on both sides every round (default 4)
      --json                 print the results as one JSON document
      --postgres [URL]       run the store phases on PostgreSQL instead, against raw libpq: on the
                             server at URL (postgres://user@host/db; its user creates and drops a
                             schema per round), else on a throwaway cluster started here (initdb in
                             a temporary folder, PostgreSQL's durable defaults)
      --profile-fetch TIMES  fetch every movie TIMES times through the framework, for a profiler
      --profile-query TIMES  run TIMES small date-range queries through the framework
      --writes ROUNDS        the write phases alone (insert, update, delete all; then insert
                             and delete with the raw side recording the history by hand),
                             framework against raw SQLite, ROUNDS rounds, for comparing builds
      --relations ROUNDS     the relationship phases alone (pages of movies with their reviews,
                             a context's mixed save), framework against raw SQLite
      --profile-save TIMES   save a context of mixed inserts, updates and deletes TIMES times
      --profile-reviews TIMES
                             read the pages of movies with their reviews, both ways, TIMES times
      --memory ROWS          peak memory of a cursor and of a fetch over ROWS movies, then of
                             deleting them all
      --codable-floor TIMES  what Codable alone costs to decode a Movie
      --help                 print this text
    """

  /// Reads the arguments after the program's name; throws a message for anything unknown.
  init(arguments: [String]) throws(BenchmarkError) {
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--help", "-h": mode = .help
      case "--json": json = true
      case "--postgres":
        if let next = remaining.first, !next.hasPrefix("-") {
          postgres = .url(next)
          remaining = remaining.dropFirst()
        } else {
          postgres = .throwaway
        }
      case "--rows": rows = try Self.count(after: argument, in: &remaining)
      case "--rounds": rounds = try Self.count(after: argument, in: &remaining)
      case "--profile-fetch": mode = .profileFetch(times: try Self.count(after: argument, in: &remaining))
      case "--profile-query": mode = .profileQuery(times: try Self.count(after: argument, in: &remaining))
      case "--writes": mode = .writes(rounds: try Self.count(after: argument, in: &remaining))
      case "--relations": mode = .relations(rounds: try Self.count(after: argument, in: &remaining))
      case "--profile-save": mode = .profileSave(times: try Self.count(after: argument, in: &remaining))
      case "--profile-reviews": mode = .profileReviews(times: try Self.count(after: argument, in: &remaining))
      case "--memory": mode = .memory(rows: try Self.count(after: argument, in: &remaining))
      case "--codable-floor": mode = .codableFloor(times: try Self.count(after: argument, in: &remaining))
      default: throw BenchmarkError("unknown argument '\(argument)'")
      }
    }
  }

  private static func count(
    after option: String, in remaining: inout ArraySlice<String>
  ) throws(BenchmarkError)
    -> Int
  {
    guard let text = remaining.popFirst() else { throw BenchmarkError("\(option) needs a number") }
    guard let value = Int(text), value > 0, value <= 100_000_000 else {
      throw BenchmarkError("\(option) takes a whole number from 1 to 100000000, not '\(text)'")
    }
    return value
  }
}
