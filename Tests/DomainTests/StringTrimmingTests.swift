import Testing

@testable import Catalog

@Suite("Trimming titles and tags")
struct StringTrimmingTests {
  @Test func whitespaceAndLineBreaksAreTrimmedFromBothEnds() {
    #expect("  Alien \n".trimmed == "Alien")
    #expect("\u{3000}Akira\u{00A0}".trimmed == "Akira")
    #expect(" \t\r\n ".trimmed == "")
    #expect("".trimmed == "")
  }

  /// Text that starts and ends with printable ASCII is returned as it is, as the full check
  /// would: a last character that starts with a prepended mark is not whitespace either.
  @Test func textThatStartsAndEndsWithPrintableASCIIIsKept() {
    #expect("Alien".trimmed == "Alien")
    #expect("A b\tc".trimmed == "A b\tc")
    #expect("x \u{0600}1".trimmed == "x \u{0600}1")
    #expect("x\u{0301}y".trimmed == "x\u{0301}y")
  }
}
