/// A fenced Swift code block of a document: where it is, its code, and how it is compiled.
struct Snippet: Sendable, Equatable {
  /// How a block is compiled, said by the HTML comment on the line before its fence.
  enum Directive: Sendable, Equatable {
    /// No comment: the block is compiled exactly as written, as a file of its own.
    case standalone
    /// `<!-- snippet context: NAME -->`: the block is placed in the context `Contexts/NAME.swift`.
    case context(String)
    /// `<!-- snippet: continue -->`: the block follows the previous Swift block of its file, and
    /// the two are compiled as one.
    case continuation
    /// `<!-- snippet: excuse REASON -->`: the block is not Swift that compiles, on purpose.
    case excused(String)
  }

  /// The file the block is in, relative to the package.
  let file: String
  /// The line of the file that holds the block's first line of code.
  let line: Int
  /// The block's lines, without its fences and without the indentation of its opening fence.
  let lines: [String]
  /// How the block is compiled.
  let directive: Directive
}
