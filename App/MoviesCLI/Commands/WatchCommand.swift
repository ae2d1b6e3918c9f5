import Catalog
import CatalogStorage
import Foundation
import Persistence

/// `movies watch`: lists movies, then lists them again whenever the catalog changes — from
/// this process or any other.
struct WatchCommand: MoviesCommand {
  static let configuration = CommandConfiguration(
    "watch", abstract: "List movies, and list them again whenever the catalog changes.",
    discussion: """
      Takes every option of list. Changes made by any process, another movies included, are \
      seen within milliseconds on Linux, a tenth of a second elsewhere. Runs until interrupted \
      (Ctrl-C), or until --updates lists.
      """,
    arguments: ListCommand.configuration.arguments + [updates])

  static let updates = Option<Int?>("updates", valueName: "N", help: "Stop after listing N changes.")

  let list: ListCommand
  let updates: Int?

  init(_ arguments: CommandArguments) throws(UsageError) {
    updates = try arguments[Self.updates]
    list = try ListCommand(arguments)
  }

  /// Watches until `--updates` lists, a signal or an output that cannot be written ends it; the
  /// store is closed first every time, so its `-wal` and `-shm` files go.
  ///
  /// Ctrl-C (SIGINT), a `kill` (SIGTERM) and a closed terminal (SIGHUP) then end the process by
  /// that signal, as they would have, and so does a reader of its output that went away
  /// (SIGPIPE) when SIGPIPE had its default; another failed write ends it with the one line
  /// every command gives, and status 1, as does a PostgreSQL server that goes away (the
  /// connection the watch listens on breaks).
  func run(in context: CommandContext) async throws {
    let interrupt = InterruptFlag()
    defer { interrupt.remove() }
    let pipeSignal = Self.ignoringPipeSignal()
    defer { pipeSignal.restore() }
    do {
      try await StandardStream.deferringFailures {
        try await Self.run(until: interrupt.raised) { try await watch(in: context) }
      }
    } catch AppError.unwritableOutput(EPIPE) where pipeSignal.wasDefault {
      Self.end(bySignal: SIGPIPE, closing: context.opened)
    }
    if interrupt.isRaised { Self.end(bySignal: InterruptFlag.received, closing: context.opened) }
  }

  /// Lists the movies, then again after each change, `updates` times at most.
  private func watch(in context: CommandContext) async throws {
    let catalog = try await context.openCatalog()
    let changes = try await catalog.commits()
    try await output(from: catalog, to: context.console)
    var listed = 0
    if updates == 0 { return }
    for try await transaction in changes {
      guard updates.map({ listed < $0 }) ?? true else { break }
      listed += 1
      if list.format == .table {
        let author = transaction.author.map { " by \($0)" } ?? ""
        context.console.show("\n")
        context.console.line(
          "— changed at \(CatalogDate.readable(transaction.timestamp))\(author) (history \(transaction.token)) —")
      }
      try await output(from: catalog, to: context.console)
      if let updates, listed >= updates { break }
    }
  }

  /// Writes the list, and fails if standard output could not take it.
  ///
  /// - Throws: ``AppError/unwritableOutput(_:)`` after a failed write.
  private func output(from catalog: Catalog, to console: Console) async throws {
    try await list.output(from: catalog, to: console)
    if let error = StandardStream.failure { throw AppError.unwritableOutput(error) }
  }
}
