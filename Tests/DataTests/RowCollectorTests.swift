import Testing

@testable import Persistence

@Suite("Collecting a query's rows")
struct RowCollectorTests {
  private struct Stop: Error {}

  /// A value that tells whether it is still alive.
  private final class Tracked {
    let number: Int
    init(_ number: Int) { self.number = number }
  }

  @Test func valuesComeOutInTheOrderTheyWentIn() {
    var collector = RowCollector<Int>(capacity: 1)
    for number in 0..<1_000 { collector.append { number } }
    #expect(collector.count == 1_000)
    #expect(collector.array() == Array(0..<1_000))
    #expect(RowCollector<String>().array() == [])
  }

  @Test func valuesOutliveTheCollectorInTheArrayAndNoLonger() {
    weak var kept: Tracked?
    do {
      var collector = RowCollector<Tracked>(capacity: 2)
      for number in 0..<5 { collector.append { Tracked(number) } }
      let values = collector.array()
      kept = values[4]
      #expect(values.map(\.number) == [0, 1, 2, 3, 4])
      #expect(kept != nil)
    }
    #expect(kept == nil)
  }

  @Test func aValueThatFailsIsNotAddedAndTheOthersAreReleased() {
    weak var first: Tracked?
    do {
      var collector = RowCollector<Tracked>(capacity: 2)
      collector.append { Tracked(0) }
      #expect(throws: Stop.self) { try collector.append { throw Stop() } }
      #expect(collector.count == 1)
      collector.append {
        let value = Tracked(1)
        first = value
        return value
      }
      #expect(first != nil)
    }
    // Dropped without being turned into an array: every value it held is released.
    #expect(first == nil)
  }
}
