/// Finds the Swift code blocks of Markdown text, with the directive that says how each one is
/// compiled.
///
/// A block is a fence of three or more backticks or tildes whose info string starts with
/// `swift`; blocks in other languages (`sh`, plain) are prose, not code. A directive is an HTML
/// comment on the last non-blank line before the fence:
///
///     <!-- snippet context: app -->
///     <!-- snippet: continue -->
///     <!-- snippet: excuse the output of a command, not code -->
///
/// A comment that starts with `snippet` but says anything else, a directive with no Swift block
/// after it, a continuation with no block before it, and a fence never closed are errors naming
/// their line, so a typo cannot quietly leave a block uncompiled.
enum SnippetScanner {
  /// The Swift blocks of a Markdown document.
  ///
  /// - Parameters:
  ///   - text: the document.
  ///   - file: its path relative to the package, for the snippets and errors.
  static func snippets(inMarkdown text: String, file: String) throws(SnippetError) -> [Snippet] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    return try snippets(in: lines, file: file, lineOf: { $0 + 1 })
  }

  /// The Swift blocks of the documentation comments (`///`) of a Swift source file; each run of
  /// comment lines is a Markdown document of its own.
  static func snippets(inDocComments source: String, file: String) throws(SnippetError) -> [Snippet] {
    var result: [Snippet] = []
    var run: [String] = []
    var runLines: [Int] = []
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() {
      let trimmed = line.drop { $0 == " " }
      if trimmed.hasPrefix("///") {
        var text = trimmed.dropFirst(3)
        if text.first == " " { text = text.dropFirst() }
        run.append(String(text))
        runLines.append(index + 1)
      }
      if !trimmed.hasPrefix("///") || index == lines.count - 1, !run.isEmpty {
        let numbers = runLines
        result += try snippets(in: run, file: file, lineOf: { numbers[$0] })
        run = []
        runLines = []
      }
    }
    return result
  }

  /// The Swift blocks of a document's lines; `lineOf` maps an index in `lines` to a line of `file`.
  private static func snippets(
    in lines: [String], file: String, lineOf: (Int) -> Int
  ) throws(SnippetError)
    -> [Snippet]
  {
    var result: [Snippet] = []
    var pending: (directive: Snippet.Directive, line: Int)?
    var index = 0
    while index < lines.count {
      let line = lines[index]
      let trimmed = line.trimmingLeadingSpaces
      if trimmed.isEmpty {
        index += 1
        continue
      }
      if let fence = Fence(line) {
        guard let close = lines[(index + 1)...].firstIndex(where: fence.isClosed(by:)) else {
          throw SnippetError(file: file, line: lineOf(index), message: "this code block is never closed")
        }
        if fence.language == "swift" {
          let code = lines[(index + 1)..<close].map { fence.removingIndentation(from: $0) }
          result.append(
            Snippet(file: file, line: lineOf(index + 1), lines: code, directive: pending?.directive ?? .standalone))
        } else if let pending {
          throw SnippetError(
            file: file, line: pending.line, message: "a snippet directive must come right before a ```swift block")
        }
        pending = nil
        index = close + 1
        continue
      }
      if let pending {
        throw SnippetError(
          file: file, line: pending.line, message: "a snippet directive must come right before a ```swift block")
      }
      pending = try directive(in: trimmed, file: file, line: lineOf(index)).map { ($0, lineOf(index)) }
      index += 1
    }
    if let pending {
      throw SnippetError(
        file: file, line: pending.line, message: "a snippet directive must come right before a ```swift block")
    }
    return result
  }

  /// The directive an HTML comment states, or nil for a line that is not one.
  private static func directive(
    in line: Substring, file: String, line number: Int
  ) throws(SnippetError)
    -> Snippet.Directive?
  {
    guard line.hasPrefix("<!--"), line.hasSuffix("-->") else { return nil }
    let body = line.dropFirst(4).dropLast(3).trimmingSpaces
    guard body.hasPrefix("snippet") else { return nil }
    let rest = body.dropFirst("snippet".count)
    if rest.hasPrefix(" context:") {
      let name = rest.dropFirst(" context:".count).trimmingSpaces
      if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) { return .context(String(name)) }
    } else if rest == ": continue" {
      return .continuation
    } else if rest.hasPrefix(": excuse") {
      let reason = rest.dropFirst(": excuse".count).trimmingSpaces
      if !reason.isEmpty { return .excused(String(reason)) }
      throw SnippetError(file: file, line: number, message: "an excused snippet must say why: `snippet: excuse REASON`")
    }
    throw SnippetError(
      file: file, line: number,
      message:
        "unknown snippet directive '\(body)'; use `snippet context: NAME`, `snippet: continue` or `snippet: excuse REASON`"
    )
  }
}

/// The opening fence of a code block.
private struct Fence {
  /// The spaces before it, which its content lines share.
  let indentation: Int
  /// The fence's characters: three or more backticks or tildes.
  let marker: Substring
  /// The first word of its info string, lowercased.
  let language: String

  init?(_ line: String) {
    let trimmed = line.trimmingLeadingSpaces
    guard let first = trimmed.first, first == "`" || first == "~" else { return nil }
    let marker = trimmed.prefix { $0 == first }
    guard marker.count >= 3 else { return nil }
    indentation = line.count - trimmed.count
    self.marker = marker
    language = trimmed.dropFirst(marker.count).trimmingSpaces.prefix { !$0.isWhitespace && $0 != "," }.lowercased()
  }

  /// Whether a line closes this fence: the same character, at least as many, and nothing else.
  func isClosed(by line: String) -> Bool {
    let trimmed = line.trimmingSpaces
    return trimmed.count >= marker.count && trimmed.allSatisfy { $0 == marker.first }
  }

  /// A content line without the indentation of the fence (as much of it as the line has).
  func removingIndentation(from line: String) -> String {
    String(line.dropFirst(min(indentation, line.count - line.trimmingLeadingSpaces.count)))
  }
}

extension StringProtocol {
  /// The text after its leading spaces.
  fileprivate var trimmingLeadingSpaces: SubSequence { drop { $0 == " " } }

  /// The text without the spaces at either end.
  fileprivate var trimmingSpaces: Substring {
    let start = drop { $0.isWhitespace }
    return Substring(start.dropLast(start.reversed().prefix { $0.isWhitespace }.count))
  }
}
