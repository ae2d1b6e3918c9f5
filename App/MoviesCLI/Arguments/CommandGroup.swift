/// A word that gathers commands under it, as `review` gathers `review add` and `review list`.
///
/// A group has no arguments or code of its own: its commands name it in their
/// ``CommandConfiguration``, and the help tree is derived from them.
public struct CommandGroup: Hashable, Sendable {
  /// The word that selects the group.
  public let name: String
  /// A one-line description, shown in the root's subcommand list and the group's help.
  public let abstract: String

  /// Declares a group of commands.
  public init(_ name: String, abstract: String) {
    self.name = name
    self.abstract = abstract
  }
}
