import Catalog
import Foundation
import Testing

@testable import MoviesCLI

/// The JSON written directly is, byte for byte, what Foundation's encoders wrote for the same
/// values — the contract scripts were written against.
@Suite("Movie JSON written directly is what Foundation's encoders wrote")
struct MovieJSONTests {
  /// The shape `list` and `show` had `JSONEncoder` write.
  struct ListingRecord: Encodable {
    let id: String
    let title: String
    let content: String
    let date: String
    let rate: Int
    let heart: Int
    let runtime: Int?
    let imageCount: Int
    let tags: [String]
  }

  /// Texts that escape, or take more than one byte, in JSON or on a terminal.
  static let awkward = [
    "", "plain", "quote \" and \\ backslash", "slash / here", "tab\t line\n return\r",
    "nul \u{0} bell \u{7} esc \u{1B}",
    "del \u{7F} c1 \u{85}\u{9F}", "separators \u{2028}\u{2029} bidi \u{202E}\u{2066}", "Amélie 東京 🎬👩‍👩‍👧",
    "form \u{C} back \u{8} unit \u{1F}", "e\u{301} combining",
  ]

  static func movies() -> [(Movie, [String])] {
    var generator = SystemRandomNumberGenerator()
    return (0..<200).map { index in
      let text = { awkward[Int.random(in: 0..<awkward.count, using: &generator)] }
      let seconds = [0, -1.5, 1e9 + 0.125, 86_399, -62_135_596_800, Double.random(in: -1e10...1e10, using: &generator)]
      var movie = Movie(
        title: text(), content: text(), date: Date(timeIntervalSince1970: seconds[index % seconds.count]),
        rate: index % 11, heart: index % 7 == 0 ? Int.max : index % 4, runtime: index % 3 == 0 ? nil : index * 7)
      if index % 5 == 0 { movie.images = [Data([1]), Data([2, 3])] }
      let tags = (0..<(index % 4)).map { _ in text() }
      return (movie, tags)
    }
  }

  @Test func listingObjectsAreWhatJSONEncoderWrote() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    for (movie, tags) in Self.movies() {
      let record = ListingRecord(
        id: movie.id.uuidString.lowercased(), title: movie.title, content: movie.content,
        date: CatalogDate.iso8601(movie.date), rate: movie.rate, heart: movie.heart, runtime: movie.runtime,
        imageCount: movie.images.count, tags: tags)
      let expected = TerminalText.json(String(decoding: try encoder.encode(record), as: UTF8.self)) + "\n"
      #expect(MovieOutput.json(movie, tags: tags) == expected)
      let array = TerminalText.json(String(decoding: try encoder.encode([record]), as: UTF8.self)) + "\n"
      #expect(MovieOutput.json([movie], tags: [movie.id: tags]) == array)
    }
    let empty = TerminalText.json(String(decoding: try encoder.encode([ListingRecord]()), as: UTF8.self)) + "\n"
    #expect(MovieOutput.json([]) == empty)
  }

  @Test func exportedObjectsAreWhatJSONSerializationWrote() throws {
    let movies = Self.movies()
    let tags = Dictionary(uniqueKeysWithValues: movies.map { ($0.0.id, $0.1) })
    let objects = movies.map { movie, tags -> [String: Any] in
      [
        "id": movie.id.uuidString.lowercased(), "title": movie.title, "content": movie.content,
        "date": CatalogDate.iso8601(movie.date), "rate": movie.rate, "heart": movie.heart, "tags": tags,
        "runtime": movie.runtime.map { $0 as Any } ?? NSNull(),
      ]
    }
    func serialized(_ object: Any, _ options: JSONSerialization.WritingOptions) throws -> String {
      TerminalText.json(
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: options), as: UTF8.self))
    }
    let pretty: JSONSerialization.WritingOptions = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    #expect(
      ExportCommand.render(movies.map(\.0), tags: tags, format: .json) == (try serialized(objects, pretty)) + "\n")
    #expect(ExportCommand.render([], tags: [:], format: .json) == (try serialized([Any](), pretty)) + "\n")
    let lines = try objects.map { try serialized($0, [.sortedKeys, .withoutEscapingSlashes]) + "\n" }.joined()
    #expect(ExportCommand.render(movies.map(\.0), tags: tags, format: .jsonl) == lines)
  }
}
