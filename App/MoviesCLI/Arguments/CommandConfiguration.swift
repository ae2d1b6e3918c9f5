/// Everything a command declares about itself, in one place: its name, its group, its help
/// and its typed arguments.
///
/// ```swift
/// static let configuration = CommandConfiguration(
///   "add", in: .review, abstract: "Review a movie and print the review's id.",
///   arguments: [movieID, text, author])
/// ```
public struct CommandConfiguration: Sendable {
  /// The group the command belongs to; `nil` for a command directly under the root.
  public let group: CommandGroup?
  /// The command's typed arguments, in the order help shows them.
  public let arguments: [any CommandArgument]
  /// The command as the parser and the help see it.
  public let spec: CommandSpec

  /// Declares a command.
  ///
  /// - Parameters:
  ///   - name: The word that selects the command (within its group, if any).
  ///   - group: The group it belongs to.
  ///   - abstract: A one-line description.
  ///   - discussion: Longer help shown after the overview.
  ///   - arguments: The typed arguments, in the order help shows them.
  public init(
    _ name: String, in group: CommandGroup? = nil, abstract: String, discussion: String? = nil,
    arguments: [any CommandArgument] = []
  ) {
    self.group = group
    self.arguments = arguments
    spec = CommandSpec(name: name, abstract: abstract, discussion: discussion, arguments: arguments.map(\.spec))
  }

  /// The words that select the command below the root, such as `["review", "add"]`.
  public var path: [String] { (group.map { [$0.name] } ?? []) + [spec.name] }

  /// The root's subcommands for a list of commands: each command without a group in the
  /// order given, then each group (in the order of their first commands) holding its commands in order.
  public static func tree(of commands: [CommandConfiguration]) -> [CommandSpec] {
    var groups: [CommandGroup] = []
    for group in commands.compactMap(\.group) where !groups.contains(group) { groups.append(group) }
    return commands.filter { $0.group == nil }.map(\.spec)
      + groups.map { group in
        CommandSpec(
          name: group.name, abstract: group.abstract,
          subcommands: commands.filter { $0.group == group }.map(\.spec))
      }
  }
}
