/// An option that takes one value, given as `--name value`, `--name=value` or `-n value`.
///
/// Its type says whether it is required: an `Option<String>` must be given, an `Option<Int?>`
/// reads as `nil` when it is not, and an `Option<Int>` with a `default:` reads as the default.
///
/// ```swift
/// static let title = Option<String>("title", valueName: "TEXT", help: "The title.")
/// static let rate = Option<Int>("rate", valueName: "N", default: 0, help: "A rating (default: 0).")
/// static let runtime = Option<Int?>("runtime", valueName: "MINUTES", help: "The running time.")
/// ```
public struct Option<Value: Sendable>: CommandArgument {
  /// How the parser and the help see the argument.
  public let spec: ArgumentSpec
  /// The text of a valid value, given to it by the command-tree test.
  public let exampleText: String?
  /// Converts the option's last value, or says what a missing one means.
  private let read: @Sendable (ParsedArguments, ArgumentSpec) throws(UsageError) -> Value

  /// The value the command line gave, converted.
  public func value(in arguments: ParsedArguments) throws(UsageError) -> Value {
    try read(arguments, spec)
  }
}

extension Option where Value: ArgumentValue {
  /// Declares a required option: parsing fails with `missing required option` without it.
  ///
  /// - Parameters:
  ///   - name: The long name, without dashes.
  ///   - short: A letter that also names the option, given as `-x value`.
  ///   - valueName: The placeholder shown in help; defaults to the name.
  ///   - help: The explanation shown in help.
  public init(_ name: String, short: Character? = nil, valueName: String? = nil, help: String) {
    spec = .option(name, short: short, valueName: valueName, help: help, required: true)
    exampleText = Value.exampleArgument
    read = { arguments, spec throws(UsageError) in try arguments.requiredValue(of: spec) }
  }

  /// Declares an option that reads as `default` when it is not given.
  ///
  /// - Parameters:
  ///   - name: The long name, without dashes.
  ///   - short: A letter that also names the option, given as `-x value`.
  ///   - valueName: The placeholder shown in help; defaults to the name.
  ///   - default: The value when the option is not given.
  ///   - help: The explanation shown in help.
  public init(
    _ name: String, short: Character? = nil, valueName: String? = nil, default: Value, help: String
  ) {
    spec = .option(name, short: short, valueName: valueName, help: help)
    exampleText = Value.exampleArgument
    read = { arguments, spec throws(UsageError) in try arguments.lastValue(of: spec) ?? `default` }
  }
}

extension Option {
  /// Declares an optional option, which reads as `nil` when it is not given.
  ///
  /// - Parameters:
  ///   - name: The long name, without dashes.
  ///   - short: A letter that also names the option, given as `-x value`.
  ///   - valueName: The placeholder shown in help; defaults to the name.
  ///   - help: The explanation shown in help.
  public init<Wrapped: ArgumentValue>(
    _ name: String, short: Character? = nil, valueName: String? = nil, help: String
  ) where Value == Wrapped? {
    spec = .option(name, short: short, valueName: valueName, help: help)
    exampleText = Wrapped.exampleArgument
    read = { arguments, spec throws(UsageError) in try arguments.lastValue(of: spec) }
  }
}
