/// An option that may be given any number of times; it reads as its values in the order
/// given, `[]` when it is not given.
///
/// ```swift
/// static let images = RepeatedOption<String>(
///   "image", valueName: "PATH", help: "An image file to attach; repeat for more.")
/// ```
public struct RepeatedOption<Element: ArgumentValue>: CommandArgument {
  /// How the parser and the help see the argument.
  public let spec: ArgumentSpec

  /// Declares a repeatable option.
  ///
  /// - Parameters:
  ///   - name: The long name, without dashes.
  ///   - short: A letter that also names the option, given as `-x value`.
  ///   - valueName: The placeholder shown in help; defaults to the name.
  ///   - help: The explanation shown in help.
  public init(_ name: String, short: Character? = nil, valueName: String? = nil, help: String) {
    spec = .option(name, short: short, valueName: valueName, help: help, repeatable: true)
  }

  /// The text of a valid value, given to it by the command-tree test.
  public var exampleText: String? { Element.exampleArgument }

  /// The value the command line gave, converted.
  public func value(in arguments: ParsedArguments) throws(UsageError) -> [Element] {
    try arguments.values(of: spec)
  }
}
