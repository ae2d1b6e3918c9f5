/// A document whose snippets cannot be read: a directive that means nothing, a fence never
/// closed. It names the file and line, as a compiler does.
struct SnippetError: Error, Equatable, CustomStringConvertible {
  /// The file, relative to the package.
  let file: String
  /// The line the problem is on.
  let line: Int
  /// What is wrong.
  let message: String

  var description: String { "\(file):\(line): \(message)" }
}
