import Foundation

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

  /// The UUID a required positional argument holds.
  ///
  /// - Throws: ``UsageError`` if it is missing or not a UUID.
  static func requiredID(_ name: String, in arguments: ParsedArguments) throws(UsageError) -> UUID {
    guard let id = try arguments.value(name, as: UUID.self) else { throw usage(.missingArgument("<\(name)>")) }
    return id
  }

  /// The values of a required, repeatable positional argument.
  ///
  /// - Throws: ``UsageError`` if none is given.
  static func requiredValues(_ name: String, in arguments: ParsedArguments) throws(UsageError) -> [String] {
    let values = arguments.positionals(name)
    guard !values.isEmpty else { throw usage(.missingArgument("<\(name)>")) }
    return values
  }

  /// A usage error for this command.
  static func usage(_ problem: UsageError.Problem) -> UsageError {
    UsageError(command: (["movies"] + path).joined(separator: " "), problem: problem)
  }
}
