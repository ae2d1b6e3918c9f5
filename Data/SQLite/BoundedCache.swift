/// A dictionary that holds at most `capacity` values, forgetting the least recently used one
/// to make room for a new one.
///
/// Prepared statements and their row decoders are cached by SQL text. Most SQL an app runs has a
/// few shapes, but raw SQL and generated queries can have any number of them; a bound keeps a
/// long-lived connection's memory flat. Not thread-safe: each owner uses it under its own lock.
package struct BoundedCache<Value> {
  /// A value and when it was last used; a class, so that marking a use changes the entry in
  /// place: a hit costs one hash of the key, not a second one and a write of the dictionary.
  private final class Entry {
    let value: Value
    var lastUse: UInt64

    init(_ value: Value, lastUse: UInt64) {
      self.value = value
      self.lastUse = lastUse
    }
  }

  private var entries: [String: Entry] = [:]
  private var clock: UInt64 = 0
  /// The most values held at once.
  package let capacity: Int

  /// An empty cache that holds at most `capacity` values (at least one).
  package init(capacity: Int) {
    self.capacity = max(1, capacity)
  }

  /// How many values the cache holds.
  package var count: Int { entries.count }

  /// The values held, in no particular order.
  package var values: [Value] { entries.values.map(\.value) }

  /// The value for a key, marking it as the most recently used.
  package mutating func value(for key: String) -> Value? {
    guard let entry = entries[key] else { return nil }
    clock += 1
    entry.lastUse = clock
    return entry.value
  }

  /// Stores a value, returning the one it replaces or the one forgotten to make room for it, if
  /// any, so that the owner can release what that value holds.
  @discardableResult
  package mutating func insert(_ value: Value, for key: String) -> Value? {
    clock += 1
    var evicted: Value?
    if let previous = entries[key] {
      evicted = previous.value
    } else if entries.count >= capacity,
      let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })
    {
      // A linear scan: it runs only when the cache is full, over a small, fixed number of entries.
      evicted = entries.removeValue(forKey: oldest.key)?.value
    }
    entries[key] = Entry(value, lastUse: clock)
    return evicted
  }
}
