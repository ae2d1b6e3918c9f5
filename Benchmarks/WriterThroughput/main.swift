import Foundation

// Writes per second of several processes writing one store at once, each write its own
// transaction, on SQLite through the engine and on PostgreSQL through libpq; then a check that
// nothing was lost (scripts/measure-writers.sh):
//
//   writer-throughput [--writers 4,16] [--count 1000] [--postgres URL] [--busy-timeout SECONDS]
//
// A SQLite writer waits up to --busy-timeout seconds (30 by default, as `movies` waits) for the
// others' write lock before it fails; the engine's own default, 5 s, is too short for 16 writers
// here: some wait longer than that and fail.
//
// Without --postgres, a throwaway cluster is started with PostgreSQL's durable defaults (each
// commit synced, as SQLite syncs each commit). The writers are this program again:
//   writer-throughput --write sqlite|postgres STORE_OR_URL COUNT NAME BUSY_TIMEOUT_SECONDS
// which opens the store, prints `ready`, waits for a line on standard input, and writes COUNT
// movies titled "NAME 0", "NAME 1", …
do {
  var arguments = Array(CommandLine.arguments.dropFirst())[...]
  if arguments.first == "--write" {
    let parts = Array(arguments.dropFirst())
    guard parts.count == 5, let engine = WriterEngine(rawValue: parts[0]), let count = Int(parts[2]), count >= 0,
      let busyTimeout = Int(parts[4]), busyTimeout > 0
    else {
      throw WriterError("usage: writer-throughput --write sqlite|postgres STORE_OR_URL COUNT NAME BUSY_TIMEOUT_SECONDS")
    }
    try await Writer(engine: engine, store: parts[1], count: count, name: parts[3], busyTimeout: .seconds(busyTimeout))
      .run()
    exit(0)
  }
  var options = ThroughputOptions()
  while let argument = arguments.popFirst() {
    guard let value = arguments.popFirst() else { throw WriterError("\(argument) needs a value") }
    switch argument {
    case "--writers":
      options.writers = try value.split(separator: ",").map { text in
        guard let writers = Int(text), (1...64).contains(writers) else {
          throw WriterError("--writers takes counts from 1 to 64, as 4,16; not '\(value)'")
        }
        return writers
      }
    case "--count":
      guard let count = Int(value), (1...1_000_000).contains(count) else {
        throw WriterError("--count takes a whole number from 1 to 1000000, not '\(value)'")
      }
      options.count = count
    case "--postgres": options.postgresURL = value
    case "--busy-timeout":
      guard let seconds = Int(value), (1...3600).contains(seconds) else {
        throw WriterError("--busy-timeout takes whole seconds from 1 to 3600, not '\(value)'")
      }
      options.busyTimeout = seconds
    default: throw WriterError("unknown argument '\(argument)'")
    }
  }
  try await ThroughputRun(options: options).run()
} catch {
  FileHandle.standardError.write(Data("writer-throughput: \(error)\n".utf8))
  exit(1)
}
