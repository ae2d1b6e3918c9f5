/// Lays out help text in columns wrapped to a fixed width.
enum TextLayout {
  /// The spaces before a label in a list of arguments, options or subcommands.
  static let labelIndent = 2
  /// The column where the description next to a label starts, as in swift-argument-parser.
  static let textColumn = 26

  /// Returns the text broken into lines no wider than `width`, breaking at spaces.
  ///
  /// Line breaks in the text are kept, and a line's leading spaces are repeated on the lines
  /// it wraps onto. A word longer than the width gets a line of its own.
  static func wrap(_ text: String, width: Int) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
      wrapLine($0, width: width)
    }
  }

  /// Returns one line of text broken at spaces into lines no wider than `width`, each starting
  /// with the line's leading spaces.
  private static func wrapLine(_ line: Substring, width: Int) -> [String] {
    let indent = String(repeating: " ", count: line.prefix { $0 == " " }.count)
    let words = line.split(separator: " ")
    guard !words.isEmpty else { return [""] }
    var lines: [String] = []
    var current = indent
    for word in words {
      if current.count > indent.count, current.count + 1 + word.count > width {
        lines.append(current)
        current = indent
      }
      current += (current.count > indent.count ? " " : "") + word
    }
    lines.append(current)
    return lines
  }

  /// Returns the lines of one list entry: an indented label, then its description from
  /// ``textColumn`` on, wrapped to `width`.
  ///
  /// A label too long to leave two spaces before the column gets a line of its own, and the
  /// description starts on the next line.
  static func row(label: String, text: String, width: Int) -> [String] {
    let head = String(repeating: " ", count: labelIndent) + label
    let lines = text.isEmpty ? [] : wrap(text, width: max(1, width - textColumn))
    let margin = String(repeating: " ", count: textColumn)
    guard let first = lines.first else { return [head] }
    if head.count + 2 <= textColumn {
      let padded = head + String(repeating: " ", count: textColumn - head.count)
      return [padded + first] + lines.dropFirst().map { margin + $0 }
    }
    return [head] + lines.map { margin + $0 }
  }
}
