/// Draws labelled horizontal bars, scaled so the longest fills the width.
enum TextBars {
  /// One line per entry: the label right-aligned, a bar of `█`, and the value.
  static func render(_ entries: [(label: String, value: Int)], width: Int = 40) -> String {
    let largest = max(entries.map(\.value).max() ?? 0, 1)
    let labelWidth = entries.map { TextTable.width($0.label) }.max() ?? 0
    return entries.map { entry in
      let length = entry.value == 0 ? 0 : max(1, entry.value * width / largest)
      let padding = String(repeating: " ", count: labelWidth - TextTable.width(entry.label))
      return "  \(padding)\(entry.label) \(String(repeating: "█", count: length)) \(entry.value)"
    }.joined(separator: "\n") + "\n"
  }
}
