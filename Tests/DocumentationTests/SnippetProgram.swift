import Testing

/// What is compiled as one file: a snippet and the blocks that continue it, in a context or
/// standing alone.
struct SnippetProgram: Sendable, CustomTestStringConvertible {
  /// The context that wraps the blocks (`Contexts/NAME.swift`), or nil for none.
  let context: String?
  /// The blocks, in their order in the file: the first one and each that continues it.
  let parts: [Snippet]

  var testDescription: String { "\(parts[0].file):\(parts[0].line)" }

  /// Groups the snippets of one file into programs: a continuation joins the program before it,
  /// and an excused block is left out (a continuation of it is an error, as is one of nothing).
  static func programs(_ snippets: [Snippet]) throws(SnippetError) -> [SnippetProgram] {
    var programs: [SnippetProgram] = []
    var previous: Snippet?
    for snippet in snippets {
      defer { previous = snippet }
      switch snippet.directive {
      case .standalone:
        programs.append(SnippetProgram(context: nil, parts: [snippet]))
      case .context(let name):
        programs.append(SnippetProgram(context: name, parts: [snippet]))
      case .excused:
        continue
      case .continuation:
        guard let last = programs.last, let previous, previous.file == snippet.file, last.parts.last == previous else {
          throw SnippetError(
            file: snippet.file, line: snippet.line,
            message: "`snippet: continue` needs a compiled ```swift block before it in the same file")
        }
        programs[programs.count - 1] = SnippetProgram(context: last.context, parts: last.parts + [snippet])
      }
    }
    return programs
  }
}
