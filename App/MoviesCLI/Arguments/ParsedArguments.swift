/// The values a command line gave to one command, read by argument name.
///
/// The parser fills it with the command's own arguments and the global ones of its parent
/// commands. Reading a name the command does not declare returns `nil`, `[]` or `false`.
///
/// ```swift
/// let store = arguments.string("store")                    // --store PATH
/// let images = arguments.strings("image")                  // --image a.jpg --image b.jpg
/// let descending = arguments.flag("desc")                  // --desc
/// let ids = arguments.positionals("id")                    // <id> ...
/// let minimum = try arguments.value("min-rate", as: Int.self) ?? 0
/// ```
public struct ParsedArguments: Equatable, Sendable {
  /// The full name of the command, such as `movies list`, used in error messages.
  public let command: String
  /// The values of options, keyed by name, in the order they were given.
  public let options: [String: [String]]
  /// The values of positionals, keyed by name, in the order they were given.
  public let positionalValues: [String: [String]]
  /// The names of the flags that were given.
  public let flags: Set<String>

  /// Creates parsed arguments; the parser does this, tests may too.
  public init(
    command: String,
    options: [String: [String]] = [:],
    positionals: [String: [String]] = [:],
    flags: Set<String> = []
  ) {
    self.command = command
    self.options = options
    self.positionalValues = positionals
    self.flags = flags
  }

  /// Returns the value of an option or positional, or `nil` if it was not given.
  ///
  /// For a repeatable argument, this is the last value given.
  public func string(_ name: String) -> String? {
    strings(name).last
  }

  /// Returns every value of an option or positional in the order given, or `[]`.
  public func strings(_ name: String) -> [String] {
    options[name] ?? positionalValues[name] ?? []
  }

  /// Returns the values of a positional argument in the order given, or `[]`.
  public func positionals(_ name: String) -> [String] {
    positionalValues[name] ?? []
  }

  /// Returns whether a flag was given.
  public func flag(_ name: String) -> Bool {
    flags.contains(name)
  }

  /// Returns the value of an option or positional converted to `type`, or `nil` if it was not
  /// given.
  ///
  /// ```swift
  /// let rate = try arguments.value("rate", as: Int.self)
  /// ```
  ///
  /// - Throws: ``UsageError`` naming the argument when the text cannot be converted, such as
  ///   `movies add: --rate expects an integer, got 'ten'`.
  public func value<Value: ArgumentValue>(
    _ name: String, as type: Value.Type = Value.self
  ) throws(UsageError) -> Value? {
    guard let text = string(name) else { return nil }
    return try convert(text, of: name)
  }

  /// Returns every value of an option or positional converted to `type`, in the order given.
  ///
  /// - Throws: ``UsageError`` naming the argument and the first value that cannot be converted.
  public func values<Value: ArgumentValue>(
    _ name: String, as type: Value.Type = Value.self
  ) throws(UsageError) -> [Value] {
    var converted: [Value] = []
    for text in strings(name) {
      converted.append(try convert(text, of: name))
    }
    return converted
  }

  /// Converts one value of the named argument, or throws an invalid-value error.
  private func convert<Value: ArgumentValue>(
    _ text: String, of name: String
  ) throws(UsageError) -> Value {
    guard let value = Value(argument: text) else {
      let argument = options[name] == nil ? "<\(name)>" : "--\(name)"
      throw UsageError(
        command: command,
        problem: .invalidValue(argument: argument, expected: Value.expectation, value: text))
    }
    return value
  }
}
