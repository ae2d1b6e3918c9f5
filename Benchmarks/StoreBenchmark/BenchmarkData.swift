import Catalog
import Foundation
import RepositoryTesting
import TestSupport

/// The movies every benchmark phase works on, the same for the framework and for raw SQLite.
enum BenchmarkData {
  /// The first date of the catalog; movies are spread one hour apart from it.
  static let startDate = Date(timeIntervalSinceReferenceDate: 700_000_000)

  /// Makes `count` movies with deterministic, varied fields.
  static func movies(count: Int, offset: Int = 0) -> [Movie] {
    var generator = SplitMix64(seed: 42 &+ UInt64(offset))
    return (offset..<offset + count).map { index in
      let id = uuid(using: &generator)
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

  /// A deterministic identifier: the `number`th of a sequence named by `salt`.
  static func uuid(_ number: Int, salt: UInt64) -> UUID {
    var generator = SplitMix64(seed: salt &* 0x9E37_79B9 &+ UInt64(number))
    return uuid(using: &generator)
  }

  private static func uuid(using generator: inout SplitMix64) -> UUID {
    let bytes = (generator.next(), generator.next())
    return withUnsafeBytes(of: bytes) { UUID(uuid: $0.load(as: uuid_t.self)) }
  }

  private static let titles = ["Alien", "Heat", "Up", "Amélie", "千と千尋の神隠し", "Brazil", "Ran", "Solaris"]
}
