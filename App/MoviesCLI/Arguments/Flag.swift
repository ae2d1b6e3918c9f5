/// A named argument without a value: `true` when given (`--yes`, `-y`), `false` otherwise.
///
/// ```swift
/// static let yes = Flag("yes", short: "y", help: "Do not ask for confirmation.")
/// ```
public struct Flag: CommandArgument {
  /// How the parser and the help see the argument.
  public let spec: ArgumentSpec

  /// Declares a flag.
  ///
  /// - Parameters:
  ///   - name: The long name, without dashes, given as `--name`.
  ///   - short: A letter that also names the flag, given as `-x`.
  ///   - help: The explanation shown in help.
  public init(_ name: String, short: Character? = nil, help: String) {
    spec = .flag(name, short: short, help: help)
  }

  /// The text of a valid value, given to it by the command-tree test.
  public var exampleText: String? { nil }

  /// The value the command line gave, converted.
  public func value(in arguments: ParsedArguments) throws(UsageError) -> Bool {
    arguments.flags.contains(spec.name)
  }
}
