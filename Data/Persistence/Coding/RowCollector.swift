/// Collects the values read from rows, one at a time, in memory of its own, and hands them
/// over as one array at the end.
///
/// A reader's loop is generic over the model and runs unspecialized: there, each
/// `Array.append` looks up the array type's metadata and copies the new element in through
/// the model's value witnesses. Here a row's model is built straight into its place, and the
/// array is made once, by moving the models into it.
struct RowCollector<Element>: ~Copyable {
  private var base: UnsafeMutablePointer<Element>
  private var capacity: Int
  /// How many values have been collected.
  private(set) var count = 0

  /// An empty collector with room for `capacity` values before it grows.
  init(capacity: Int = 16) {
    self.capacity = max(1, capacity)
    base = .allocate(capacity: self.capacity)
  }

  deinit {
    base.deinitialize(count: count)
    base.deallocate()
  }

  /// Adds the value `make` returns; nothing is added when it throws.
  @inline(__always)
  mutating func append<Failure: Error>(_ make: () throws(Failure) -> Element) throws(Failure) {
    if count == capacity { grow() }
    (base + count).initialize(to: try make())
    count += 1
  }

  /// The collected values, in the order they were added.
  consuming func array() -> [Element] {
    let (base, count) = (self.base, self.count)
    discard self
    defer { base.deallocate() }
    return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
      if let target = buffer.baseAddress { target.moveInitialize(from: base, count: count) }
      initialized = count
    }
  }

  /// Doubles the room, moving the values collected so far.
  private mutating func grow() {
    let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
    larger.moveInitialize(from: base, count: count)
    base.deallocate()
    base = larger
    capacity *= 2
  }
}
