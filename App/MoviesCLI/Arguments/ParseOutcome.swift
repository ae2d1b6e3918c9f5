/// What a command line asks the tool to do: run a command, show help, or show the version.
///
/// Paths name subcommands below the root, so `[]` is the root itself and `["list"]` is
/// `movies list`:
///
/// ```swift
/// switch try parser.parse(CommandLine.arguments.dropFirst()) {
/// case .run(path: ["add"], let arguments): try await add(arguments)
/// case .run(path: ["list"], let arguments): try await list(arguments)
/// case .run(let path, _): print(formatter.help(for: path))
/// case .help(let path): print(formatter.help(for: path))
/// case .version(let version): print(version)
/// }
/// ```
public enum ParseOutcome: Equatable, Sendable {
  /// Run the command at `path` with the arguments given to it.
  case run(path: [String], arguments: ParsedArguments)
  /// Show help for the command at `path`: `--help` or `-h` was given, `help <command>` was
  /// used, or a command that needs a subcommand was given none.
  case help(path: [String])
  /// Show the root command's version: `--version` was given to the root.
  case version(String)
}
