/// A command of a command-line tool: its name, help text, arguments and subcommands.
///
/// A tool is one root `CommandSpec` whose subcommands are the tool's commands. Options and
/// flags declared on a command with subcommands are global: they are accepted before or after
/// the name of any of its subcommands. Positionals are only read by commands without
/// subcommands.
///
/// ```swift
/// let movies = CommandSpec(
///   name: "movies",
///   abstract: "Manage a personal movie catalog.",
///   version: "1.0.0",
///   arguments: [.option("store", valueName: "PATH", help: "The catalog file.")],
///   subcommands: [
///     CommandSpec(
///       name: "add", abstract: "Add a movie.",
///       arguments: [.positional("title", help: "The movie's title.")]),
///     CommandSpec(
///       name: "list", abstract: "List movies.",
///       arguments: [.flag("desc", help: "Sort from newest to oldest.")]),
///   ])
/// ```
public struct CommandSpec: Hashable, Sendable {
  /// The name users type to run the command; for the root, the tool's name.
  public var name: String
  /// A one-line description, shown after `OVERVIEW:` and in the parent's subcommand list.
  public var abstract: String
  /// Longer help shown after the overview; line breaks are kept, long lines are wrapped.
  public var discussion: String?
  /// The version printed for `--version`; only read on the root command.
  public var version: String?
  /// The options, flags and positionals the command accepts, in the order shown in help.
  public var arguments: [ArgumentSpec]
  /// The commands nested under this one, in the order shown in help.
  public var subcommands: [CommandSpec]

  /// Creates a command description.
  public init(
    name: String,
    abstract: String = "",
    discussion: String? = nil,
    version: String? = nil,
    arguments: [ArgumentSpec] = [],
    subcommands: [CommandSpec] = []
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.version = version
    self.arguments = arguments
    self.subcommands = subcommands
  }

  /// Returns the direct subcommand with the given name, or `nil` if there is none.
  func subcommand(named name: String) -> CommandSpec? {
    subcommands.first { $0.name == name }
  }

  /// The options and flags this command declares, in declaration order.
  var namedArguments: [ArgumentSpec] {
    arguments.filter { $0.kind != .positional }
  }

  /// The positional arguments this command declares, in declaration order.
  var positionals: [ArgumentSpec] {
    arguments.filter { $0.kind == .positional }
  }
}

extension [CommandSpec] {
  /// Returns the chain of commands named by a path of subcommand names below the root.
  ///
  /// Resolution stops at the first name that is not a subcommand, so the result always starts
  /// with `root` and names the deepest command reached.
  static func resolving(_ path: [String], from root: CommandSpec) -> [CommandSpec] {
    var chain = [root]
    for name in path {
      guard let next = chain[chain.count - 1].subcommand(named: name) else { break }
      chain.append(next)
    }
    return chain
  }

  /// The full name of the last command in the chain, such as `movies list`.
  var commandName: String {
    map(\.name).joined(separator: " ")
  }
}
