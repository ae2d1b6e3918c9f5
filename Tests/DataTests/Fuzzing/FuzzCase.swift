import Foundation
import Repositories

/// One fuzzed query: a random predicate, sort and page — by offset and limit, and by position
/// (`after` one of the records, or a copy of one under a new identifier, which no row holds) —
/// reproducible from its seed and the records.
struct FuzzCase {
  let seed: UInt64
  let descriptor: FetchDescriptor<FuzzRecord>
  let text: String

  init(seed: UInt64, records: [FuzzRecord] = []) {
    self.seed = seed
    var random = FuzzRandom(seed: seed)
    var description = ""
    let depth = random.below(4)
    let predicate = Predicate<FuzzRecord> { root in
      var generator = PredicateGenerator(random: random, root: root)
      let node = generator.bool(depth: depth)
      description = node.text
      return node.expression
    }
    // The generator consumed its own copy; move on so the sort is not tied to the predicate.
    random = FuzzRandom(seed: seed &* 31 &+ 7)
    var sorts: [SortDescriptor<FuzzRecord>] = []
    var sortText: [String] = []
    for _ in 0..<random.below(4) {
      let order: SortOrder = random.oneIn(2) ? .forward : .reverse
      let suffix = order == .forward ? "" : " desc"
      switch random.below(9) {
      case 0: sorts.append(SortDescriptor(\.int, order: order)); sortText.append("int" + suffix)
      case 1: sorts.append(SortDescriptor(\.small, order: order)); sortText.append("small" + suffix)
      case 2: sorts.append(SortDescriptor(\.optInt, order: order)); sortText.append("optInt" + suffix)
      case 3: sorts.append(SortDescriptor(\.double, order: order)); sortText.append("double" + suffix)
      case 4: sorts.append(SortDescriptor(\.text, order: order)); sortText.append("text" + suffix)
      case 5: sorts.append(SortDescriptor(\.optText, order: order)); sortText.append("optText" + suffix)
      case 6: sorts.append(SortDescriptor(\.date, order: order)); sortText.append("date" + suffix)
      case 7: sorts.append(SortDescriptor(\.optDate, order: order)); sortText.append("optDate" + suffix)
      default: sorts.append(SortDescriptor(\.flag, order: order)); sortText.append("flag" + suffix)
      }
    }
    var fetch = FetchDescriptor(predicate: predicate, sortBy: sorts)
    if random.oneIn(4) { fetch.fetchLimit = random.below(10) }
    if random.oneIn(4) { fetch.fetchOffset = random.below(10) }
    if !records.isEmpty, random.oneIn(3) {
      var position = random.pick(records)
      if random.oneIn(3) {
        position.id = UUID(uuid: withUnsafeBytes(of: (random.next(), random.next())) { $0.load(as: uuid_t.self) })
      }
      fetch.after = position
    }
    descriptor = fetch
    text =
      "\(description) sorted by [\(sortText.joined(separator: ", "))]"
      + (fetch.fetchLimit.map { " limit \($0)" } ?? "") + (fetch.fetchOffset.map { " offset \($0)" } ?? "")
      + (fetch.after.map { " after \($0.id.uuidString.prefix(8))" } ?? "")
  }

  /// Random records for a batch of cases.
  static func records(seed: UInt64, count: Int) -> [FuzzRecord] {
    var random = FuzzRandom(seed: seed)
    return (0..<count).map { _ in
      FuzzRecord(
        id: UUID(uuid: withUnsafeBytes(of: (random.next(), random.next())) { $0.load(as: uuid_t.self) }),
        int: random.integer(),
        small: random.below(2001) - 1000,
        optInt: random.oneIn(3) ? nil : random.integer(),
        double: random.double(),
        text: random.text(),
        optText: random.oneIn(3) ? nil : random.text(),
        flag: random.oneIn(2),
        date: random.date(),
        optDate: random.oneIn(3) ? nil : random.date(),
        genre: random.pick(FuzzRecord.Genre.allCases),
        // SQLite's JSON functions end a string at an escaped NUL, so text inside JSON
        // attributes is compared up to its first NUL: a documented limit, kept out of the fuzz
        // (by scalar: a NUL followed by a combining mark is one character with it).
        info: FuzzRecord.Info(
          year: random.integer(),
          note: random.oneIn(2)
            ? nil : String(String.UnicodeScalarView(random.text().unicodeScalars.filter { $0 != "\u{0}" })))
      )
    }
  }
}
