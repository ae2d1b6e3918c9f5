/// Reads a command line token by token, selecting subcommands and collecting option values.
///
/// The scan never stops early: it records the first mistake and keeps going, so that a
/// `--help` anywhere on the line is still seen and the deepest command is still found.
struct CommandLineScanner {
  /// The commands selected so far, starting with the root.
  private(set) var chain: [CommandSpec]
  /// The values of options, keyed by name, in the order given.
  private(set) var options: [String: [String]] = [:]
  /// The names of the flags given.
  private(set) var flags: Set<String> = []
  /// The arguments that are not options, for the selected command's positionals.
  private(set) var positionalTokens: [String] = []
  /// Whether `--help`, `-h` or `help <command>` was given.
  private(set) var helpRequested = false
  /// Whether `--version` was given to a root that has a version.
  private(set) var versionRequested = false
  /// The first mistake found in the command line, if any.
  private(set) var firstError: UsageError?
  /// A mistake in the command named by `help <command>`, reported even though help was asked.
  private(set) var helpTargetError: UsageError?

  /// Whether `help` was read as a command, so that the names after it select the help topic.
  private var readingHelpTopic = false
  /// Whether `--` was read, so that every later token is a positional.
  private var optionsEnded = false

  /// Scans the tokens of a command line against the root command.
  init(root: CommandSpec, tokens: [String]) {
    chain = [root]
    var remaining = tokens[...]
    while let token = remaining.popFirst() {
      read(token, rest: &remaining)
    }
  }

  /// The command selected by the scan.
  var command: CommandSpec { chain[chain.count - 1] }

  /// Reads one token, taking the option value that follows it from `rest` when needed.
  private mutating func read(_ token: String, rest: inout ArraySlice<String>) {
    if optionsEnded || !Self.looksLikeOption(token) {
      readPositional(token)
    } else if token == "--" {
      optionsEnded = true
    } else if token == "--help" || token == "-h" {
      helpRequested = true
    } else if token == "--version", chain.count == 1, chain[0].version != nil {
      versionRequested = true
    } else if token.hasPrefix("--") {
      let body = token.dropFirst(2)
      let name = String(body.prefix { $0 != "=" })
      let value = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
      readNamed("--" + name, spec: spec(named: name), inlineValue: value, rest: &rest)
    } else {
      readNamed(token, spec: spec(short: token), inlineValue: nil, rest: &rest)
    }
  }

  /// Reads an option or flag written as `written` (without any `=value`), declared by `spec`
  /// if it is known.
  private mutating func readNamed(
    _ written: String, spec: ArgumentSpec?, inlineValue: String?, rest: inout ArraySlice<String>
  ) {
    guard let spec else {
      let typed = String(written.drop { $0 == "-" })
      let suggestion = Suggestion.closest(to: typed, in: candidateNames).map { "--\($0)" }
      record(.unknownOption(written, suggestion: suggestion))
      return
    }
    if spec.kind == .flag {
      if let inlineValue {
        record(.unexpectedValue(flag: spec.displayName, value: inlineValue))
      } else if flags.contains(spec.name) {
        record(.duplicateOption(spec.displayName))
      } else {
        flags.insert(spec.name)
      }
      return
    }
    let value: String
    if let inlineValue {
      value = inlineValue
    } else if let next = rest.first, !Self.looksLikeOption(next) {
      value = next
      rest.removeFirst()
    } else {
      record(.missingValue(option: spec.displayName))
      return
    }
    if options[spec.name] != nil, !spec.isRepeatable {
      record(.duplicateOption(spec.displayName))
    } else {
      options[spec.name, default: []].append(value)
    }
  }

  /// Reads an argument that is not an option: a subcommand name or a positional value.
  private mutating func readPositional(_ token: String) {
    let current = command
    guard !current.subcommands.isEmpty else {
      positionalTokens.append(token)
      return
    }
    if let subcommand = current.subcommand(named: token) {
      chain.append(subcommand)
    } else if chain.count == 1, token == "help" {
      readingHelpTopic = true
      helpRequested = true
    } else {
      var names = current.subcommands.map(\.name)
      if chain.count == 1, !readingHelpTopic { names.append("help") }
      let error = UsageError(
        command: chain.commandName,
        problem: .unknownCommand(token, suggestion: Suggestion.closest(to: token, in: names)))
      if readingHelpTopic, helpTargetError == nil { helpTargetError = error }
      if firstError == nil { firstError = error }
    }
  }

  /// Remembers a problem with the selected command's arguments unless an earlier one was found.
  private mutating func record(_ problem: UsageError.Problem) {
    if firstError == nil {
      firstError = UsageError(command: chain.commandName, problem: problem)
    }
  }

  /// Returns the option or flag with this long name, searching the command and its ancestors.
  private func spec(named name: String) -> ArgumentSpec? {
    for command in chain.reversed() {
      if let spec = command.namedArguments.first(where: { $0.name == name }) { return spec }
    }
    return nil
  }

  /// Returns the option or flag with this short form, like `-n`, in scope, or `nil`.
  private func spec(short token: String) -> ArgumentSpec? {
    guard token.count == 2, let letter = token.last else { return nil }
    for command in chain.reversed() {
      if let spec = command.namedArguments.first(where: { $0.shortName == letter }) { return spec }
    }
    return nil
  }

  /// The long names a mistyped option could have meant.
  private var candidateNames: [String] {
    var names = chain.reversed().flatMap { $0.namedArguments.map(\.name) } + ["help"]
    if chain.count == 1, chain[0].version != nil { names.append("version") }
    return names
  }

  /// Returns whether a token is an option rather than a value.
  ///
  /// Tokens that start with a dash are options, except a lone `-` (often "standard input") and
  /// negative numbers such as `-3` or `-0.5`.
  static func looksLikeOption(_ token: String) -> Bool {
    guard token.hasPrefix("-"), token.count > 1 else { return false }
    let rest = token.dropFirst()
    let isNegativeNumber =
      rest.first.map { $0.isASCII && ($0.isNumber || $0 == ".") } == true
      && Double(rest) != nil
    return !isNegativeNumber
  }
}
