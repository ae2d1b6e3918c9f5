extension String {
  /// The string without leading and trailing whitespace or line breaks.
  ///
  /// Written in Swift rather than with Foundation's `trimmingCharacters(in:)`, which bridges
  /// through `NSString` on Linux and costs microseconds a call: imports check thousands of titles.
  ///
  /// Text that starts and ends with a printable ASCII character, as most titles and tags do, is
  /// returned at once: its first character is that one, and so is its last, or a cluster that
  /// starts with a prepended mark (never whitespace) and ends with it.
  package var trimmed: String {
    if let head = utf8.first, let tail = utf8.last, (0x21...0x7E).contains(head), (0x21...0x7E).contains(tail) {
      return self
    }
    guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
      return ""
    }
    if first == startIndex, last == index(before: endIndex) { return self }
    return String(self[first...last])
  }
}
