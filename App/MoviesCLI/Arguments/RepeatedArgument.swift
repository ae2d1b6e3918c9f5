/// A positional argument that collects any number of values, in the order given.
///
/// It needs at least one value unless declared `optional`. Help shows it as `<name> ...`.
///
/// ```swift
/// static let ids = RepeatedArgument<UUID>("id", help: "The ids of the movies to delete.")
/// ```
public struct RepeatedArgument<Element: ArgumentValue>: CommandArgument {
  /// How the parser and the help see the argument.
  public let spec: ArgumentSpec

  /// Declares a repeatable positional.
  ///
  /// - Parameters:
  ///   - name: The placeholder shown in help (`<name>`) and in errors.
  ///   - help: The explanation shown in help.
  ///   - optional: Whether it may receive no value at all.
  public init(_ name: String, help: String, optional: Bool = false) {
    spec = .positional(name, help: help, repeatable: true, optional: optional)
  }

  /// The text of a valid value, given to it by the command-tree test.
  public var exampleText: String? { Element.exampleArgument }

  /// The value the command line gave, converted.
  public func value(in arguments: ParsedArguments) throws(UsageError) -> [Element] {
    let values: [Element] = try arguments.values(of: spec)
    if values.isEmpty, spec.isRequired { throw arguments.missing(spec) }
    return values
  }
}
