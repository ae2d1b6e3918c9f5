/// One subcommand of `movies`: its declaration, its validated input, and what it does.
///
/// A command checks all of its input in `init`, before anything is opened or written, and
/// throws a ``UsageError`` for bad usage.
protocol MoviesCommand: Sendable {
  /// The command's name, arguments and help.
  static var spec: CommandSpec { get }

  /// The words that select the command, such as `["review", "add"]`.
  static var path: [String] { get }

  /// Reads and checks the parsed arguments.
  ///
  /// - Throws: ``UsageError`` for a value that is missing or malformed.
  init(_ arguments: ParsedArguments) throws(UsageError)

  /// Does the work.
  func run(in context: CommandContext) async throws
}

extension MoviesCommand {
  /// A top-level command is selected by its name alone.
  static var path: [String] { [spec.name] }

  /// A usage error for this command.
  static func usage(_ problem: UsageError.Problem) -> UsageError {
    UsageError(command: (["movies"] + path).joined(separator: " "), problem: problem)
  }
}
