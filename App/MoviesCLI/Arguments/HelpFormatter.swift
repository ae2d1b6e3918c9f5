/// Writes help for the commands of a tool, in the style of swift-argument-parser.
///
/// Help has an `OVERVIEW` (the abstract), the discussion, a `USAGE` line, then `ARGUMENTS`,
/// `OPTIONS` (always ending with `-h, --help`) and, for commands with subcommands,
/// `SUBCOMMANDS` followed by a pointer to `help <subcommand>`. Descriptions are aligned in a
/// column and wrapped to the width.
///
/// ```swift
/// let formatter = HelpFormatter(root: movies)
/// print(formatter.help(for: ["list"]))
/// ```
public struct HelpFormatter: Sendable {
  /// The command that describes the whole tool.
  public var root: CommandSpec
  /// The widest a line of help may be, in characters.
  public var width: Int

  /// Creates a formatter for a tool described by its root command.
  public init(root: CommandSpec, width: Int = 80) {
    self.root = root
    self.width = width
  }

  /// Returns the full help for the command at `path`, without a trailing newline.
  ///
  /// The path names subcommands below the root, as in ``ParseOutcome/help(path:)``; names that
  /// do not resolve are ignored, so the help is for the deepest command they reach.
  public func help(for path: [String] = []) -> String {
    let chain = [CommandSpec].resolving(path, from: root)
    let command = chain[chain.count - 1]
    var sections: [String] = []
    if !command.abstract.isEmpty {
      sections.append(lines(TextLayout.wrap("OVERVIEW: " + command.abstract, width: width)))
    }
    if let discussion = command.discussion, !discussion.isEmpty {
      sections.append(lines(TextLayout.wrap(discussion, width: width)))
    }
    sections.append("USAGE: " + usage(for: chain))
    if command.subcommands.isEmpty, !command.positionals.isEmpty {
      sections.append(list("ARGUMENTS", command.positionals.map { ("<\($0.name)>", $0.help) }))
    }
    sections.append(list("OPTIONS", optionRows(for: chain)))
    if !command.subcommands.isEmpty {
      sections.append(subcommandsSection(for: chain))
    }
    return sections.joined(separator: "\n\n")
  }

  /// Returns the usage line for the command at `path`, such as
  /// `movies list [--desc] [<id> ...]`, without the `USAGE:` prefix.
  public func usage(for path: [String] = []) -> String {
    usage(for: [CommandSpec].resolving(path, from: root))
  }

  /// Returns the rows of the `OPTIONS` list: the command's own options, those inherited from
  /// its parents, `--version` on a root with a version, and `-h, --help`.
  private func optionRows(for chain: [CommandSpec]) -> [(String, String)] {
    let inherited = chain.dropLast().flatMap(\.namedArguments)
    var rows = (chain[chain.count - 1].namedArguments + inherited).map { spec in
      (Self.label(for: spec), spec.help)
    }
    if chain.count == 1, root.version != nil {
      rows.append(("--version", "Show the version."))
    }
    rows.append(("-h, --help", "Show help information."))
    return rows
  }

  /// Returns the `SUBCOMMANDS` list and the pointer to `help <subcommand>` below it.
  private func subcommandsSection(for chain: [CommandSpec]) -> String {
    let command = chain[chain.count - 1]
    let topic = ([root.name, "help"] + chain.dropFirst().map(\.name)).joined(separator: " ")
    let pointer = "  See '\(topic) <subcommand>' for detailed help."
    return list("SUBCOMMANDS", command.subcommands.map { ($0.name, $0.abstract) }) + "\n\n"
      + lines(TextLayout.wrap(pointer, width: width))
  }

  /// Returns a titled list of labels with their descriptions in a column.
  private func list(_ title: String, _ rows: [(String, String)]) -> String {
    let body = rows.flatMap { TextLayout.row(label: $0.0, text: $0.1, width: width) }
    return lines(["\(title):"] + body)
  }

  /// Joins lines with line breaks.
  private func lines(_ lines: [String]) -> String {
    lines.joined(separator: "\n")
  }

  /// Returns how an option or flag is listed under `OPTIONS`, such as `-n, --limit <N>`.
  static func label(for spec: ArgumentSpec) -> String {
    let short = spec.shortName.map { "-\($0), " } ?? ""
    let value = spec.kind == .option ? " <\(spec.valueName)>" : ""
    return short + "--" + spec.name + value
  }
}
