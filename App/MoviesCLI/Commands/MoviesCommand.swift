/// One subcommand of `movies`: its declaration, its validated input, and what it does.
///
/// A command declares its name, group, help and typed arguments once, in ``configuration``,
/// reads every argument it declares in `init` (all of them before refusing a combination, so
/// that a test sees every one read), and checks all of its input there, before anything is
/// opened or written, throwing a ``UsageError`` for bad usage. It is registered
/// by one line in ``MoviesApplication/commands``.
protocol MoviesCommand: Sendable {
  /// The command's name, group, help and arguments.
  static var configuration: CommandConfiguration { get }

  /// Reads and checks the arguments.
  ///
  /// - Throws: ``UsageError`` for a value that is missing or malformed.
  init(_ arguments: CommandArguments) throws(UsageError)

  /// Does the work.
  func run(in context: CommandContext) async throws
}

extension MoviesCommand {
  /// A usage error for this command.
  static func usage(_ problem: UsageError.Problem) -> UsageError {
    UsageError(command: (["movies"] + configuration.path).joined(separator: " "), problem: problem)
  }
}
