import Foundation
import Testing

@testable import Persistence

@Suite("Text is stored in NFC")
struct TextNormalizationTests {
  @Test(arguments: [
    "plain ASCII", "Amélie", "千と千尋の神隠し", "e\u{301}", "\u{212B}", "\u{1100}\u{1161}", "\u{0B47}\u{0B3E}",
    "か\u{3099}", "🎬👩‍👩‍👧", "ß", "\u{0}",
  ])
  func normalizedTextIsTheNFCForm(_ text: String) {
    let normalized = TextNormalization.nfc(text)
    #expect(Array(normalized.unicodeScalars) == Array(text.precomposedStringWithCanonicalMapping.unicodeScalars))
    #expect(normalized == text)
  }

  @Test func commonTextSkipsTheAlgorithm() {
    #expect(!TextNormalization.needsNormalization("千と千尋の神隠し"))
    #expect(!TextNormalization.needsNormalization("Amélie"))
    #expect(TextNormalization.needsNormalization("Ame\u{301}lie"))
  }
}
