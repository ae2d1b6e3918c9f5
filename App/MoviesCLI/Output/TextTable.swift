/// Lays out rows of text in aligned columns, for people to read in a terminal.
///
/// Each cell is made inert and kept to one line by ``TerminalText`` before it is measured, so a
/// title holding tabs, line breaks or escape sequences cannot break the columns; a cell wider
/// than ``maximumCellWidth`` is cut short with `…`, except in the last column, which nothing
/// follows.
struct TextTable {
  /// The widest a cell may be, in terminal columns, except in the last column.
  static let maximumCellWidth = 40

  /// The column headings.
  let headers: [String]
  /// Which columns are right-aligned (numbers).
  let rightAligned: Set<Int>

  /// Renders the header and rows; each column is as wide as its widest cell.
  func render(_ rows: [[String]]) -> String {
    let cells = ([headers] + rows).map(self.cells)
    var widths = headers.map { _ in 0 }
    for row in cells { widen(&widths, forCells: row) }
    return cells.map { layOut($0, widths: widths) }.joined()
  }

  /// The widths of the headers alone, to be widened row by row with ``widen(_:for:)``.
  var headerWidths: [Int] { cells(headers).map(Self.width) }

  /// Widens column widths to fit a row: with ``line(_:widths:)``, a table is laid out from
  /// rows read twice (once to measure, once to write) without holding them.
  func widen(_ widths: inout [Int], for row: [String]) { widen(&widths, forCells: cells(row)) }

  /// One row (or the headers) laid out in columns of the given widths, with its line break.
  func line(_ row: [String], widths: [Int]) -> String { layOut(cells(row), widths: widths) }

  /// A row's text as shown: each cell made inert, and cut short unless it is the last.
  private func cells(_ row: [String]) -> [String] {
    row.enumerated().map { column, cell in
      let text = TerminalText.escaped(cell)
      return column == headers.count - 1 ? text : Self.truncated(text, to: Self.maximumCellWidth)
    }
  }

  private func widen(_ widths: inout [Int], forCells row: [String]) {
    for (column, cell) in row.enumerated() where column < widths.count {
      widths[column] = max(widths[column], Self.width(cell))
    }
  }

  private func layOut(_ row: [String], widths: [Int]) -> String {
    row.enumerated().map { column, cell in
      let padding = String(repeating: " ", count: max(0, widths[column] - Self.width(cell)))
      if column == row.count - 1, !rightAligned.contains(column) { return cell }
      return rightAligned.contains(column) ? padding + cell : cell + padding
    }.joined(separator: "  ") + "\n"
  }

  /// The text cut at a character boundary so that it and a final `…` take at most `width`
  /// columns; text that fits is returned whole.
  static func truncated(_ text: String, to width: Int) -> String {
    guard Self.width(text) > width else { return text }
    var result = ""
    var used = 0
    for character in text {
      let next = Self.width(character)
      guard used + next <= width - 1 else { break }
      result.append(character)
      used += next
    }
    return result + "…"
  }

  /// The number of terminal columns a string takes.
  static func width(_ text: String) -> Int {
    // Printable ASCII, most text in a catalog, takes a column a byte (escaped text is ASCII).
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
    var total = 0
    var previous: (scalar: Unicode.Scalar, width: Int)?
    for scalar in text.unicodeScalars {
      var width = width(scalar)
      if previous?.scalar == "\u{200D}" {
        width = 0  // joined to the emoji before it
      } else if scalar == "\u{FE0F}", let previous, previous.width == 1 {
        width = 1  // an emoji's picture form is two columns wide
      }
      total += width
      previous = (scalar, width)
    }
    return total
  }

  /// The number of terminal columns a character takes: two for wide East Asian characters and
  /// emoji shown as pictures, none for combining marks and invisible formatting, one otherwise.
  /// A character's marks, and the parts of an emoji sequence, share its base's cells.
  static func width(_ character: Character) -> Int { width(String(character)) }

  /// The columns one scalar takes on its own.
  private static func width(_ scalar: Unicode.Scalar) -> Int {
    // Below the combining marks every printable scalar is one column.
    if scalar.value < 0x300 { return scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) ? 0 : 1 }
    let properties = scalar.properties
    switch properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: break
    }
    if properties.isEmojiPresentation { return 2 }
    switch scalar.value {
    case 0x1160...0x11FF: return 0  // Hangul vowels and final consonants join the syllable before
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
      0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
      return 2
    default: return 1
    }
  }
}
