public import Foundation

extension SortDescriptor {
  /// Sorts by an attribute whose type is an enumeration (or any `RawRepresentable`) stored as
  /// its raw value, in the raw values' order — for a type that is not `Comparable` itself.
  ///
  /// It is an ordinary `SortDescriptor` that compares the raw values, so it goes in
  /// ``FetchDescriptor/sortBy`` beside the others, pages with ``FetchDescriptor/after`` and
  /// sorts arrays with `sorted(using:)`; a store sorts by the attribute's own column, which
  /// holds the raw value when the type is `Codable` by its raw value (as an enumeration with
  /// a raw type is unless it says otherwise).
  ///
  /// <!-- snippet context: movies -->
  /// ```swift
  /// enum Priority: Int, Codable, Sendable { case low = 1, high = 3, urgent = 5 }
  /// struct Ticket: Identifiable, Sendable {
  ///   var id: Int
  ///   var priority: Priority
  /// }
  /// let tickets = [Ticket(id: 1, priority: .high), Ticket(id: 2, priority: .urgent), Ticket(id: 3, priority: .low)]
  /// let descriptor = FetchDescriptor<Ticket>(sortBy: [SortDescriptor(rawValueOf: \.priority, order: .reverse)])
  /// print(tickets.sorted(using: descriptor.sortBy).map(\.id))  // [2, 1, 3]
  /// ```
  public init<Value: RawRepresentable>(
    rawValueOf keyPath: any KeyPath<Compared, Value> & Sendable, order: SortOrder = .forward
  ) where Value.RawValue: Comparable {
    SortKeySuffixes.register(\Value.rawValue)
    // `Sendable` is a marker protocol: the cast checks only the key path's types, which
    // `appending` gives, so it always succeeds (a key path holds no mutable state).
    self.init(
      keyPath.appending(path: \Value.rawValue) as! any KeyPath<Compared, Value.RawValue> & Sendable, order: order)
  }

  /// Sorts by an optional attribute stored as its raw value: `nil` first, then the raw values
  /// in order, in `.forward` order, as SQLite orders `NULL` before every value.
  public init<Value: RawRepresentable>(
    rawValueOf keyPath: any KeyPath<Compared, Value?> & Sendable, order: SortOrder = .forward
  ) where Value.RawValue: Comparable {
    SortKeySuffixes.register(\Value?.sortRawValue)
    // As above: the cast to a marker protocol always succeeds.
    self.init(
      keyPath.appending(path: \Value?.sortRawValue) as! any KeyPath<Compared, Value.RawValue?> & Sendable,
      order: order)
  }
}

extension Optional where Wrapped: RawRepresentable, Wrapped.RawValue: Comparable {
  /// The value an optional raw-value sort compares: `nil`, or the raw value.
  package var sortRawValue: Wrapped.RawValue? { map(\.rawValue) }
}
