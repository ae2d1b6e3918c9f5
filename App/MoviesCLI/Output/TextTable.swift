/// Lays out rows of text in aligned columns, for people to read in a terminal.
struct TextTable {
  /// The column headings.
  let headers: [String]
  /// Which columns are right-aligned (numbers).
  let rightAligned: Set<Int>

  /// Renders the header and rows; each column is as wide as its widest cell.
  func render(_ rows: [[String]]) -> String {
    var widths = headers.map(Self.width)
    for row in rows { widen(&widths, for: row) }
    return ([headers] + rows).map { line($0, widths: widths) }.joined()
  }

  /// The widths of the headers alone, to be widened row by row with ``widen(_:for:)``.
  var headerWidths: [Int] { headers.map(Self.width) }

  /// Widens column widths to fit a row: with ``line(_:widths:)``, a table is laid out from
  /// rows read twice (once to measure, once to write) without holding them.
  func widen(_ widths: inout [Int], for row: [String]) {
    for (column, cell) in row.enumerated() where column < widths.count {
      widths[column] = max(widths[column], Self.width(cell))
    }
  }

  /// One row (or the headers) laid out in columns of the given widths, with its line break.
  func line(_ row: [String], widths: [Int]) -> String {
    row.enumerated().map { column, cell in
      let padding = String(repeating: " ", count: max(0, widths[column] - Self.width(cell)))
      if column == row.count - 1, !rightAligned.contains(column) { return cell }
      return rightAligned.contains(column) ? padding + cell : cell + padding
    }.joined(separator: "  ") + "\n"
  }

  /// The number of terminal columns a string takes: two for wide East Asian characters and
  /// emoji, none for combining marks, one otherwise.
  static func width(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { total, scalar in
      switch scalar.value {
      case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F: total
      case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
        total + 2
      default: total + 1
      }
    }
  }
}
