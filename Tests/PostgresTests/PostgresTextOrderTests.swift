import Foundation
import PostgresCore
import Testing

/// The facts the PostgreSQL engine's value semantics rest on, shown on the server itself: text
/// under the "C" collation orders as Swift orders NFC strings (by Unicode scalar, which UTF-8's
/// byte order follows), and 64-bit arithmetic fails on overflow rather than wrapping, as Swift
/// traps.
@Suite(.needsPostgreSQL)
struct PostgresTextOrderTests {
  let connection: PostgresConnection

  init() throws {
    connection = try PostgresConnection(url: try PostgresTestServer.makeDatabase())
  }

  /// Strings with what orders differently under other collations: case, accents composed and
  /// not, emoji, scripts, digits, punctuation, and characters beyond the Basic Multilingual Plane.
  static let samples: [String] = {
    let pieces = [
      "a", "A", "b", "B", "z", "é", "e\u{301}", "É", "ß", "ss", "İ", "ı", "日本", "中", "한", "🎬", "🍿", "👩‍👩‍👧",
      "0", "9", "10", " ", "-", "_", "'", "Ω", "ω", "𝔘", "\u{10FFFD}", "ﬁ", "fi", "Å", "Å",
    ]
    var generator = SystemRandomNumberGenerator()
    var strings = pieces
    for _ in 0..<400 {
      let length = Int.random(in: 1...4, using: &generator)
      strings.append((0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined())
    }
    // As the engine stores text: in NFC.
    return strings.map(\.precomposedStringWithCanonicalMapping)
  }()

  @Test func theCCollationOrdersAsSwiftOrdersNFCText() throws {
    try connection.execute("CREATE TABLE words (id int8 PRIMARY KEY, word text COLLATE \"C\" NOT NULL)")
    for (index, word) in Self.samples.enumerated() {
      _ = try connection.query("INSERT INTO words VALUES ($1, $2)", [.integer(Int64(index)), .text(word)])
    }
    let rows = try connection.query("SELECT word FROM words ORDER BY word, id")
    let stored = (0..<rows.count).compactMap { rows.text(row: $0, column: 0) }
    #expect(stored == Self.samples.sorted())
    for (left, right) in zip(Self.samples, Self.samples.reversed()).prefix(100) {
      let compared = try connection.query(
        "SELECT $1::text COLLATE \"C\" < $2::text COLLATE \"C\", $1::text = $2::text", [.text(left), .text(right)])
      #expect(compared.bool(row: 0, column: 0) == (left < right), "\(left) < \(right)")
      #expect(compared.bool(row: 0, column: 1) == (left == right), "\(left) == \(right)")
    }
  }

  @Test func integerOverflowFailsTheStatement() throws {
    for sql in ["SELECT $1::int8 + 1", "SELECT $1::int8 * 2", "SELECT -($1::int8 + 0) - 2"] {
      #expect {
        _ = try connection.query(sql, [.integer(.max)])
      } throws: { error in
        (error as? PostgresError)?.code == "22003"
      }
    }
  }
}
