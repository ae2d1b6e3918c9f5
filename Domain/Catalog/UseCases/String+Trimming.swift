extension String {
  /// The string without leading and trailing whitespace or line breaks.
  ///
  /// Written in Swift rather than with Foundation's `trimmingCharacters(in:)`, which bridges
  /// through `NSString` on Linux and costs microseconds a call: imports check thousands of titles.
  package var trimmed: String {
    guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
      return ""
    }
    if first == startIndex, last == index(before: endIndex) { return self }
    return String(self[first...last])
  }
}
