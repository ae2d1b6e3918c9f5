import Catalog
import Foundation
import TestSupport

/// The movies every benchmark phase works on, the same for the framework and for raw SQLite.
enum BenchmarkData {
  /// The first date of the catalog; movies are spread one hour apart from it.
  static let startDate = Date(timeIntervalSinceReferenceDate: 700_000_000)

  /// Makes `count` movies with deterministic, varied fields.
  static func movies(count: Int, offset: Int = 0) -> [Movie] {
    var generator = SplitMix64(seed: 42 &+ UInt64(offset))
    return (offset..<offset + count).map { index in
      var bytes = (UInt64(0), UInt64(0))
      bytes.0 = generator.next()
      bytes.1 = generator.next()
      let id = withUnsafeBytes(of: bytes) { raw in
        UUID(uuid: raw.load(as: uuid_t.self))
      }
      return Movie(
        id: id,
        title: "Movie number \(index) — \(titles[index % titles.count])",
        content: "Notes on movie \(index). " + String(repeating: "Lorem ipsum dolor sit amet. ", count: index % 5 + 1),
        images: [],
        date: startDate.addingTimeInterval(Double(index) * 3600 + 0.25),
        rate: Int(generator.next() % 11),
        heart: Int(generator.next() % 100)
      )
    }
  }

  private static let titles = ["Alien", "Heat", "Up", "Amélie", "千と千尋の神隠し", "Brazil", "Ran", "Solaris"]
}
