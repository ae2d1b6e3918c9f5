/// Text of an error line with every long run of characters — a path, a value — cut in its
/// middle with `…`, as a command line's long argument is quoted (``UsageError``), so that a
/// 5,000-byte path gives a line a person can read: its start and its end, where the file's
/// name is.
enum ElidedText {
  /// The longest run of non-blank characters kept whole, in characters.
  static let longestRun = UsageError.Problem.quotedLength

  /// `line` with each run of non-blank characters longer than ``longestRun`` cut to its first
  /// and last characters around `…`, ``longestRun`` characters in all; a run cut already (a
  /// quoted command-line value) is kept.
  static func line(_ line: String) -> String {
    guard line.count > longestRun else { return line }
    var result = ""
    var run = ""
    for character in line {
      if character.isWhitespace {
        result += elided(run)
        result.append(character)
        run = ""
      } else {
        run.append(character)
      }
    }
    return result + elided(run)
  }

  private static func elided(_ run: String) -> String {
    guard run.count > longestRun, !run.contains("…") else { return run }
    let head = (longestRun - 1) / 2
    return run.prefix(head) + "…" + run.suffix(longestRun - 1 - head)
  }
}
