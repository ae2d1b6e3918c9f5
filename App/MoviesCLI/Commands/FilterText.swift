import Catalog

/// The text a filter looks for (`list`'s and `watch`'s `--search`, `--title-prefix`, `--tag`,
/// `--reviewed-with`, `history`'s `--author`): any text but an empty one or one of white space
/// only.
///
/// An empty text would match every movie — every title contains it and starts with it — and
/// white space alone none that a person meant (titles, tags, reviews and the app's author names
/// are stored trimmed), so both are refused on the command line, before any store is opened,
/// as `--tag` always refused them.
struct FilterText: ArgumentValue {
  /// The text as given; white space around it is kept, as a search looks for it too.
  let text: String

  /// Reads any text that holds more than white space.
  init?(argument: String) {
    guard !argument.trimmed.isEmpty else { return nil }
    text = argument
  }

  /// What a filter's text must be.
  static var expectation: String { "text to look for (not empty or only white space)" }

  /// A word.
  static var exampleArgument: String { "text" }
}
