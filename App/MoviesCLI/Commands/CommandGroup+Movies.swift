extension CommandGroup {
  /// `movies review …`: the review commands.
  static let review = CommandGroup("review", abstract: "Add, list and delete the reviews of a movie.")

  /// `movies tag …`: the tag commands.
  static let tag = CommandGroup("tag", abstract: "Tag movies and take tags off them.")

  /// `movies store …`: the commands about the catalog store itself.
  static let store = CommandGroup("store", abstract: "Inspect, migrate, check and copy the catalog.")
}
