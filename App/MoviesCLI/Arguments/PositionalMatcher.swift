/// Assigns the non-option arguments of a command line to the command's positionals.
enum PositionalMatcher {
  /// Returns the values of each positional, filled in declaration order.
  ///
  /// A required positional takes one value (at least one if repeatable), an optional one takes
  /// a value only if the required positionals after it still get theirs, and a repeatable one
  /// takes every value those later positionals do not need.
  ///
  /// - Throws: ``UsageError`` for a missing required positional or a value left over.
  static func match(
    _ tokens: [String], to specs: [ArgumentSpec], command: String
  ) throws(UsageError) -> [String: [String]] {
    var values: [String: [String]] = [:]
    var next = 0
    for (position, spec) in specs.enumerated() {
      let remaining = tokens.count - next
      let neededLater = specs[(position + 1)...].count { $0.isRequired }
      let spare = max(0, remaining - neededLater)
      var count = spec.isRepeatable ? spare : min(1, spare)
      if spec.isRequired, count == 0, remaining > 0 { count = 1 }
      guard count > 0 else {
        if spec.isRequired {
          throw UsageError(command: command, problem: .missingArgument(spec.displayName))
        }
        continue
      }
      values[spec.name] = Array(tokens[next..<(next + count)])
      next += count
    }
    if next < tokens.count {
      throw UsageError(command: command, problem: .unexpectedArgument(tokens[next]))
    }
    return values
  }
}
