/// The arguments a command line gave a command, read through the command's typed
/// declarations.
///
/// A command reads each declared argument once, in its `init`:
///
/// ```swift
/// title = try arguments[Self.title]      // Option<String>: required
/// runtime = try arguments[Self.runtime]  // Option<Int?>: nil when not given
/// ```
///
/// It remembers which declarations were read, so a test can check that a command reads every
/// argument it declares and none it does not.
public final class CommandArguments {
  /// The text the parser found.
  public let parsed: ParsedArguments
  /// The arguments the command may read: its own and its parents' global ones.
  private let declared: [ArgumentSpec]
  /// The names of the declared arguments read so far.
  private(set) var readNames: Set<String> = []
  /// The names of arguments read that the command does not declare (a mistake in the command).
  private(set) var undeclaredReads: [String] = []

  /// Wraps a parsed command line for a command that declares `declared`.
  public init(_ parsed: ParsedArguments, declared: [ArgumentSpec]) {
    self.parsed = parsed
    self.declared = declared
  }

  /// The value of a declared argument.
  ///
  /// - Throws: ``UsageError`` when a required value is missing or a value cannot be converted.
  public subscript<Declaration: CommandArgument>(_ argument: Declaration) -> Declaration.Value {
    get throws(UsageError) {
      if declared.contains(argument.spec) {
        readNames.insert(argument.spec.name)
      } else {
        undeclaredReads.append(argument.spec.displayName)
      }
      return try argument.value(in: parsed)
    }
  }
}
