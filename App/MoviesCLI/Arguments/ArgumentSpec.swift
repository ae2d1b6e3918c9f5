/// One argument a command accepts: an option that takes a value, a flag, or a positional
/// argument.
///
/// Arguments are plain values, declared with the factory methods and listed in a
/// ``CommandSpec``:
///
/// ```swift
/// let arguments: [ArgumentSpec] = [
///   .option("min-rate", valueName: "N", help: "Only movies rated at least N."),
///   .option("image", valueName: "PATH", help: "An image to attach.", repeatable: true),
///   .flag("desc", short: "d", help: "Sort from newest to oldest."),
///   .positional("id", help: "The movies to show.", repeatable: true, optional: true),
/// ]
/// ```
///
/// Names are written without dashes (`"min-rate"` is given as `--min-rate`) and must be unique
/// within a command and its ancestors. `-h`, `--help` and `--version` are reserved.
public struct ArgumentSpec: Hashable, Sendable {
  /// The ways an argument can appear on a command line.
  public enum Kind: Hashable, Sendable {
    /// A named argument followed by a value: `--rate 8` or `--rate=8`.
    case option
    /// A named argument without a value, true when present: `--desc`.
    case flag
    /// An argument identified by its position among the non-option arguments.
    case positional
  }

  /// Whether this is an option, a flag or a positional argument.
  public var kind: Kind
  /// The name, without dashes: the long name of an option or flag, the key of a positional.
  public var name: String
  /// The optional one-letter name of an option or flag, given as `-n`.
  public var shortName: Character?
  /// The placeholder for the value shown in help, such as `PATH` in `--image <PATH>`.
  public var valueName: String
  /// One or two sentences explaining the argument, shown in help.
  public var help: String
  /// Whether the argument may be given more than once; its values are kept in order.
  public var isRepeatable: Bool
  /// Whether the command line must contain the argument.
  public var isRequired: Bool

  /// Creates an argument from all of its properties; prefer the factory methods.
  public init(
    kind: Kind,
    name: String,
    shortName: Character? = nil,
    valueName: String? = nil,
    help: String,
    isRepeatable: Bool = false,
    isRequired: Bool = false
  ) {
    self.kind = kind
    self.name = name
    self.shortName = shortName
    self.valueName = valueName ?? name
    self.help = help
    self.isRepeatable = isRepeatable
    self.isRequired = isRequired
  }

  /// Declares an option that takes a value, given as `--name value` or `--name=value`.
  ///
  /// - Parameters:
  ///   - name: The long name, without dashes.
  ///   - short: A letter that also names the option, given as `-x value`.
  ///   - valueName: The placeholder shown in help; defaults to the name.
  ///   - help: The explanation shown in help.
  ///   - repeatable: Whether the option may be given several times; values are kept in order.
  ///   - required: Whether parsing fails when the option is missing.
  public static func option(
    _ name: String,
    short: Character? = nil,
    valueName: String? = nil,
    help: String,
    repeatable: Bool = false,
    required: Bool = false
  ) -> ArgumentSpec {
    ArgumentSpec(
      kind: .option, name: name, shortName: short, valueName: valueName, help: help,
      isRepeatable: repeatable, isRequired: required)
  }

  /// Declares a flag: a named argument without a value that is either present or absent.
  ///
  /// - Parameters:
  ///   - name: The long name, without dashes, given as `--name`.
  ///   - short: A letter that also names the flag, given as `-x`.
  ///   - help: The explanation shown in help.
  public static func flag(_ name: String, short: Character? = nil, help: String) -> ArgumentSpec {
    ArgumentSpec(kind: .flag, name: name, shortName: short, help: help)
  }

  /// Declares a positional argument, matched by its place among the non-option arguments.
  ///
  /// Positionals are filled in declaration order. A repeatable positional takes every value
  /// not needed by the required positionals after it.
  ///
  /// - Parameters:
  ///   - name: The key used to read the values and the placeholder shown in help (`<name>`).
  ///   - help: The explanation shown in help.
  ///   - repeatable: Whether it collects any number of values.
  ///   - optional: Whether it may be left out; a required repeatable positional needs one value.
  public static func positional(
    _ name: String,
    help: String,
    repeatable: Bool = false,
    optional: Bool = false
  ) -> ArgumentSpec {
    ArgumentSpec(
      kind: .positional, name: name, help: help, isRepeatable: repeatable,
      isRequired: !optional)
  }

  /// The argument as users write it in messages: `--rate` for options and flags, `<id>` for
  /// positionals.
  var displayName: String {
    kind == .positional ? "<\(name)>" : "--\(name)"
  }
}
