/// One subcommand of `movies`: its declaration, its validated input, and what it does.
///
/// A command checks all of its input in `init`, before anything is opened or written, and
/// throws a ``UsageError`` for bad usage.
protocol MoviesCommand: Sendable {
  /// The command's name, arguments and help.
  static var spec: CommandSpec { get }

  /// Reads and checks the parsed arguments.
  ///
  /// - Throws: ``UsageError`` for a value that is missing or malformed.
  init(_ arguments: ParsedArguments) throws(UsageError)

  /// Does the work.
  func run(in context: CommandContext) async throws
}

extension MoviesCommand {
  /// A usage error for this command.
  static func usage(_ problem: UsageError.Problem) -> UsageError {
    UsageError(command: "movies \(spec.name)", problem: problem)
  }
}
