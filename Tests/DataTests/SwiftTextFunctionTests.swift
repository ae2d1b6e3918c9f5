import Foundation
import RepositoryTesting
import SQLValues
import SQLiteCore
import TestSupport
import Testing

/// `swift_contains` and `swift_starts_with`, as a query calls them, answer what Swift's own
/// `contains` and `starts(with:)` answer on characters — on the bytes of ASCII text, where they
/// skip making strings, and on every other text.
@Suite("SQL text functions answer as Swift's character tests do")
struct SwiftTextFunctionTests {
  /// Pairs where bytes and characters part ways, and the plain cases beside them.
  static let pairs: [(String, String)] = [
    ("Alien", "lie"), ("Alien", "Alien"), ("Alien", "Aliens"), ("Alien", ""), ("", ""), ("", "a"),
    ("a\r\nb", "\r"), ("a\r\nb", "\n"), ("a\r\nb", "\r\n"), ("a\r\nb", "a\r"), ("\r\nb", "\r"), ("a\rb", "\r"),
    ("a\nb", "\n"), ("ab\r", "b\r"), ("\u{212A}elvin", "K"), ("Kelvin", "\u{212A}"), ("cafe\u{301}", "cafe"),
    ("cafe\u{301}", "e"), ("caf\u{E9}", "cafe\u{301}"), ("a\u{0}b", "\u{0}"), ("a\u{0}b", "a\u{0}b"),
    ("aaab", "aab"), ("abcabd", "abd"), ("x", "xx"), ("Ünïcödé", "cöd"), ("👩‍👩‍👧", "👩"),
  ]

  @Test("chosen pairs: where CR LF, a Kelvin sign or a combining accent part bytes from characters")
  func chosenPairs() throws {
    let connection = try Connection(location: .memory, readOnly: false)
    for (haystack, needle) in Self.pairs {
      #expect(
        try Self.ask(connection, "swift_contains", haystack, needle) == Self.contains(haystack, needle),
        "contains \(haystack.debugDescription) \(needle.debugDescription)")
      #expect(
        try Self.ask(connection, "swift_starts_with", haystack, needle) == haystack.starts(with: needle),
        "starts \(haystack.debugDescription) \(needle.debugDescription)")
    }
  }

  @Test("random short text over an alphabet of line breaks, a few letters and a combining mark")
  func randomPairs() throws {
    let connection = try Connection(location: .memory, readOnly: false)
    let alphabet: [Character] = ["a", "b", "\r", "\n", "\r\n", "K", "\u{212A}", "\u{301}", "é"]
    var generator = SplitMix64(seed: 20_261_202)
    func text(_ most: Int) -> String {
      String((0..<Int.random(in: 0...most, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
    }
    for _ in 0..<2_000 {
      let (haystack, needle) = (text(8), text(3))
      #expect(try Self.ask(connection, "swift_contains", haystack, needle) == Self.contains(haystack, needle))
      #expect(try Self.ask(connection, "swift_starts_with", haystack, needle) == haystack.starts(with: needle))
    }
  }

  @Test("swift_unhex: hex text in either case to its blob; anything else NULL")
  func unhex() throws {
    let connection = try Connection(location: .memory, readOnly: false)
    let statement = try connection.statement("SELECT swift_unhex(?1) IS ?2")
    for (text, blob) in [
      ("00ff10", Data([0, 255, 16])), ("AbCd", Data([0xAB, 0xCD])), ("", Data()),
    ] as [(String, Data)] {
      try statement.bind([.text(text), .blob(blob)])
      #expect(try statement.step() && statement.int64(at: 0) == 1, "\(text)")
      statement.reset()
    }
    for text in ["0", "0g", "zz", " 00", "00\u{0}0"] {
      try statement.bind([.text(text), .null])
      #expect(try statement.step() && statement.int64(at: 0) == 1, "\(text.debugDescription)")
      statement.reset()
    }
  }

  /// `contains` as `#Predicate` evaluates it: the standard library's on characters, where an
  /// empty needle is found everywhere (Foundation's `String.contains` finds it nowhere).
  static func contains<Text: BidirectionalCollection>(_ haystack: Text, _ needle: Text) -> Bool
  where Text.Element: Equatable {
    haystack.contains(needle)
  }

  /// The function's answer for two texts bound as parameters.
  static func ask(_ connection: Connection, _ function: String, _ haystack: String, _ needle: String) throws -> Bool {
    let statement = try connection.statement("SELECT \(function)(?1, ?2)")
    try statement.bind([.text(haystack), .text(needle)])
    guard try statement.step() else { throw CancellationError() }
    return statement.int64(at: 0) == 1
  }
}
