/// A positional argument, matched by its place among the arguments that are not options.
///
/// An `Argument<UUID>` must be given; an `Argument<String?>` may be left out and reads as
/// `nil`. Help shows it as `<name>`.
///
/// ```swift
/// static let id = Argument<UUID>("id", help: "The movie's id.")
/// ```
public struct Argument<Value: Sendable>: CommandArgument {
  /// How the parser and the help see the argument.
  public let spec: ArgumentSpec
  /// The text of a valid value, given to it by the command-tree test.
  public let exampleText: String?
  /// Converts the argument's value, or says what a missing one means.
  private let read: @Sendable (ParsedArguments, ArgumentSpec) throws(UsageError) -> Value

  /// The value the command line gave, converted.
  public func value(in arguments: ParsedArguments) throws(UsageError) -> Value {
    try read(arguments, spec)
  }
}

extension Argument where Value: ArgumentValue {
  /// Declares a required positional: parsing fails with `missing required argument` without it.
  ///
  /// - Parameters:
  ///   - name: The placeholder shown in help (`<name>`) and in errors.
  ///   - help: The explanation shown in help.
  public init(_ name: String, help: String) {
    spec = .positional(name, help: help)
    exampleText = Value.exampleArgument
    read = { arguments, spec throws(UsageError) in try arguments.requiredValue(of: spec) }
  }
}

extension Argument {
  /// Declares an optional positional, which reads as `nil` when it is not given.
  ///
  /// - Parameters:
  ///   - name: The placeholder shown in help (`<name>`) and in errors.
  ///   - help: The explanation shown in help.
  public init<Wrapped: ArgumentValue>(_ name: String, help: String) where Value == Wrapped? {
    spec = .positional(name, help: help, optional: true)
    exampleText = Wrapped.exampleArgument
    read = { arguments, spec throws(UsageError) in try arguments.lastValue(of: spec) }
  }
}
