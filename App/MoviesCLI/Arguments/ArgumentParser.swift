/// Parses command lines against a declared root command.
///
/// The parser is a value with no state besides the specification: parse as many command lines
/// as you like, from any task.
///
/// ```swift
/// let parser = ArgumentParser(root: movies)
/// switch try parser.parse(["list", "--min-rate", "7", "--store", "catalog.sqlite"]) {
/// case .run(let path, let arguments): …  // path == ["list"]
/// case .help(let path): print(HelpFormatter(root: movies).help(for: path))
/// case .version(let version): print(version)
/// }
/// ```
///
/// It understands `--option value`, `--option=value`, `-o value`, flags, repeated options,
/// required, optional and repeatable positionals, and `--`, after which every argument is a
/// positional (so a title such as `-x` can be given). Options declared on a command with
/// subcommands are global: they may appear before or after the subcommand's name.
/// `--help` or `-h` anywhere before `--`, and `help <command>`, ask for help; `--version`
/// given to a root that has a version asks for the version.
public struct ArgumentParser: Sendable {
  /// The command that describes the whole tool.
  public var root: CommandSpec

  /// Creates a parser for a tool described by its root command.
  public init(root: CommandSpec) {
    self.root = root
  }

  /// Returns what the command line asks for: a command to run, help, or the version.
  ///
  /// Pass the arguments without the program's name, such as
  /// `CommandLine.arguments.dropFirst()`. Help and version requests win over mistakes
  /// elsewhere on the line, except a mistyped command name after `help`. A command that has
  /// subcommands but is given none yields its help.
  ///
  /// - Throws: ``UsageError`` describing the first mistake on the line.
  public func parse(_ arguments: some Sequence<String>) throws(UsageError) -> ParseOutcome {
    let scan = CommandLineScanner(root: root, tokens: Array(arguments))
    let path = scan.chain.dropFirst().map(\.name)
    if let error = scan.helpTargetError { throw error }
    if scan.helpRequested { return .help(path: path) }
    if scan.versionRequested, let version = root.version { return .version(version) }
    if let error = scan.firstError { throw error }

    let command = scan.command
    guard command.subcommands.isEmpty else { return .help(path: path) }
    let name = scan.chain.commandName
    let positionals = try PositionalMatcher.match(
      scan.positionalTokens, to: command.positionals, command: name)
    for spec in scan.chain.flatMap(\.namedArguments) where spec.isRequired {
      if scan.options[spec.name] == nil {
        throw UsageError(command: name, problem: .missingOption(spec.displayName))
      }
    }
    return .run(
      path: path,
      arguments: ParsedArguments(
        command: name, options: scan.options, positionals: positionals, flags: scan.flags))
  }
}
