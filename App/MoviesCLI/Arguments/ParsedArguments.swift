/// The text a command line gave to one command, by argument name, as the parser found it.
///
/// The parser fills it with the command's own arguments and the global ones of its parent
/// commands. Commands do not read it by name: they read their typed declarations through
/// ``CommandArguments``, which convert the text and say what is missing or malformed.
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

  /// The texts given to a declared option or positional, in the order given.
  func texts(of spec: ArgumentSpec) -> [String] {
    switch spec.kind {
    case .option: options[spec.name] ?? []
    case .positional: positionalValues[spec.name] ?? []
    case .flag: []
    }
  }

  /// The last value given to an option or positional, converted, or `nil` if none was given.
  ///
  /// - Throws: ``UsageError`` naming the argument when the text cannot be converted, such as
  ///   `movies add: --rate expects an integer, got 'ten'`.
  func lastValue<Value: ArgumentValue>(of spec: ArgumentSpec) throws(UsageError) -> Value? {
    guard let text = texts(of: spec).last else { return nil }
    return try convert(text, of: spec)
  }

  /// Every value given to an option or positional, converted, in the order given.
  ///
  /// - Throws: ``UsageError`` naming the argument and the first value that cannot be converted.
  func values<Value: ArgumentValue>(of spec: ArgumentSpec) throws(UsageError) -> [Value] {
    var converted: [Value] = []
    for text in texts(of: spec) { converted.append(try convert(text, of: spec)) }
    return converted
  }

  /// The last value given to a required option or positional, converted.
  ///
  /// - Throws: ``UsageError`` when it was not given (the parser reports that first) or cannot
  ///   be converted.
  func requiredValue<Value: ArgumentValue>(of spec: ArgumentSpec) throws(UsageError) -> Value {
    guard let value: Value = try lastValue(of: spec) else { throw missing(spec) }
    return value
  }

  /// The error for a required argument that was not given (the parser reports it first).
  func missing(_ spec: ArgumentSpec) -> UsageError {
    UsageError(
      command: command,
      problem: spec.kind == .positional ? .missingArgument(spec.displayName) : .missingOption(spec.displayName))
  }

  /// Converts one value of an argument, or throws an invalid-value error.
  private func convert<Value: ArgumentValue>(_ text: String, of spec: ArgumentSpec) throws(UsageError) -> Value {
    guard let value = Value(argument: text) else {
      throw UsageError(
        command: command,
        problem: .invalidValue(argument: spec.displayName, expected: Value.expectation, value: text))
    }
    return value
  }
}
