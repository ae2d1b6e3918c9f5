/// A mistake in a command line, described in one readable line that names the command.
///
/// The parser throws it for anything a user can get wrong; a typed declaration throws it
/// when a value cannot be converted. Apps print ``description`` on standard error and exit with
/// ``exitStatus``:
///
/// ```swift
/// do {
///   outcome = try parser.parse(CommandLine.arguments.dropFirst())
/// } catch {
///   print(error, to: &standardError)  // movies list: unknown option '--min-rat'; …
///   exit(UsageError.exitStatus)
/// }
/// ```
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong with a command line.
  public enum Problem: Equatable, Sendable {
    /// An option or flag the command does not declare, with the closest declared name.
    case unknownOption(String, suggestion: String?)
    /// An option was last on the line or followed by another option instead of its value.
    case missingValue(option: String)
    /// A flag was given a value with `=`, as in `--desc=yes`.
    case unexpectedValue(flag: String, value: String)
    /// An argument left over after every positional was filled.
    case unexpectedArgument(String)
    /// A required positional argument, such as `<title>`, was not given.
    case missingArgument(String)
    /// A required option, such as `--title`, was not given.
    case missingOption(String)
    /// An option that is optional elsewhere is needed for what the command line asks, given as
    /// a phrase such as `reading standard input` (`--format` for `import -`).
    case optionNeeded(String, for: String)
    /// A name that is not one of the command's subcommands, with the closest one.
    case unknownCommand(String, suggestion: String?)
    /// An option or flag that is not repeatable was given more than once.
    case duplicateOption(String)
    /// Two options that exclude each other were both given.
    case conflictingOptions(String, String)
    /// A value that cannot be converted to the expected type.
    case invalidValue(argument: String, expected: String, value: String)
    /// The argument at a position (counting from 1) is not UTF-8 text; `shown` is it with its
    /// invalid bytes written as `\xFF`.
    case notUTF8(position: Int, shown: String)

    /// The problem as a phrase, such as `missing value for option '--rate'`.
    public var message: String {
      switch self {
      case .unknownOption(let option, let suggestion):
        "unknown option \(Self.quoted(option))" + Self.hint(suggestion)
      case .missingValue(let option):
        "missing value for option '\(option)'"
      case .unexpectedValue(let flag, let value):
        "flag '\(flag)' does not take a value, got \(Self.quoted(value))"
      case .unexpectedArgument(let argument):
        "unexpected argument \(Self.quoted(argument))"
      case .missingArgument(let argument):
        "missing required argument '\(argument)'"
      case .missingOption(let option):
        "missing required option '\(option)'"
      case .optionNeeded(let option, let purpose):
        "\(purpose) needs \(option)"
      case .unknownCommand(let command, let suggestion):
        "unknown command \(Self.quoted(command))" + Self.hint(suggestion)
      case .duplicateOption(let option):
        "option '\(option)' given more than once"
      case .conflictingOptions(let first, let second):
        "\(first) cannot be combined with \(second)"
      case .invalidValue(let argument, let expected, let value):
        "\(argument) expects \(expected), got \(Self.quoted(value))"
      case .notUTF8(let position, let shown):
        "argument \(position) is not UTF-8 text: \(Self.quoted(shown)); give text and file names in UTF-8"
      }
    }

    /// The longest piece of a command line an error quotes, in characters.
    static let quotedLength = 200

    /// Text from the command line in quotes, cut short with `…` past ``quotedLength``
    /// characters, so that a huge argument gives a readable error.
    static func quoted(_ text: String) -> String {
      "'" + (text.count > quotedLength ? text.prefix(quotedLength - 1) + "…" : text) + "'"
    }

    /// Returns the "did you mean" hint for a suggestion, or an empty string without one.
    private static func hint(_ suggestion: String?) -> String {
      suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }
  }

  /// The exit status apps report after a usage error, as command-line tools conventionally do.
  public static let exitStatus: Int32 = 2

  /// The full name of the command whose arguments are wrong, such as `movies list`.
  public var command: String
  /// What is wrong.
  public var problem: Problem

  /// Creates an error about a command's arguments.
  public init(command: String, problem: Problem) {
    self.command = command
    self.problem = problem
  }

  /// The error as one line: the command, a colon, and the problem.
  public var description: String {
    "\(command): \(problem.message)"
  }
}
