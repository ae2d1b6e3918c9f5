/// A typed declaration of one argument a command accepts: how the parser sees it, and how its
/// value is read.
///
/// ``Option``, ``RepeatedOption``, ``Flag``, ``Argument`` and ``RepeatedArgument`` conform.
/// A command keeps its declarations as static constants, lists them in its
/// ``CommandConfiguration``, and reads them through ``CommandArguments``:
///
/// ```swift
/// static let year = Option<Int?>("year", valueName: "YEAR", help: "Only books from YEAR.")
/// …
/// let year = try arguments[Self.year]
/// ```
public protocol CommandArgument: Sendable {
  /// The type a command reads: `String` for a required option, `Int?` for an optional one,
  /// `Bool` for a flag, an array for a repeated argument.
  associatedtype Value

  /// How the parser and the help see the argument: its kind, names and help text.
  var spec: ArgumentSpec { get }

  /// The text of a valid value, such as `0` for an integer; `nil` for a flag. The command-tree
  /// test gives it to every declared argument to see that each is read.
  var exampleText: String? { get }

  /// Reads and converts the argument's value from a parsed command line.
  ///
  /// - Throws: ``UsageError`` when a required value is missing or a value cannot be converted.
  func value(in arguments: ParsedArguments) throws(UsageError) -> Value
}
