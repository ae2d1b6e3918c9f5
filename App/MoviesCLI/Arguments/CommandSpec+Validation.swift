extension CommandSpec {
  /// Lists the mistakes in this declaration and its subcommands, one sentence each; empty
  /// when the declaration is sound.
  ///
  /// The parser does not check its specification while parsing, so check it once in a test:
  ///
  /// ```swift
  /// @Test func commandLineIsDeclaredSoundly() {
  ///   #expect(movies.declarationProblems == [])
  /// }
  /// ```
  ///
  /// It reports names declared twice in a command or its ancestors (options, flags and
  /// positionals share one namespace, since they are read by name), the reserved `help`,
  /// `version` and `-h`, subcommands declared twice, positionals on a command with
  /// subcommands (they are never read), and positionals after a repeatable one that can never
  /// receive a value.
  public var declarationProblems: [String] {
    problems(inheriting: [])
  }

  /// Returns the problems of this command, given the options and flags of its ancestors.
  private func problems(inheriting inherited: [ArgumentSpec]) -> [String] {
    var problems: [String] = []
    let named = inherited + namedArguments
    let reserved = ["help"] + (inherited.isEmpty && version != nil ? ["version"] : [])
    for (index, spec) in named.enumerated() where index >= inherited.count {
      if reserved.contains(spec.name) || named[..<index].contains(where: { $0.name == spec.name }) {
        problems.append("\(name): '--\(spec.name)' is declared twice or reserved")
      }
      if let short = spec.shortName,
        short == "h" || named[..<index].contains(where: { $0.shortName == short })
      {
        problems.append("\(name): '-\(short)' is declared twice or reserved")
      }
    }
    for (index, subcommand) in subcommands.enumerated()
    where subcommands[..<index].contains(where: { $0.name == subcommand.name }) {
      problems.append("\(name): subcommand '\(subcommand.name)' is declared twice")
    }
    for (index, spec) in positionals.enumerated()
    where named.contains(where: { $0.name == spec.name })
      || positionals[..<index].contains(where: { $0.name == spec.name })
    {
      problems.append("\(name): '<\(spec.name)>' is declared twice")
    }
    if !subcommands.isEmpty, !positionals.isEmpty {
      problems.append("\(name): positionals are never read on a command with subcommands")
    }
    if let repeatable = positionals.firstIndex(where: \.isRepeatable),
      let starved = positionals[(repeatable + 1)...].first(where: { !$0.isRequired })
    {
      problems.append("\(name): '<\(starved.name)>' follows a repeatable positional")
    }
    return problems
      + subcommands.flatMap { subcommand in
        subcommand.problems(inheriting: named).map { "\(name) \($0)" }
      }
  }
}
