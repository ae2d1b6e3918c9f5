public import Foundation

extension SortDescriptor {
  /// Sorts by a `Bool` attribute — `false` before `true` in `.forward` order — which
  /// Foundation's own initializers cannot do, since `Bool` is not `Comparable`.
  ///
  /// It is an ordinary `SortDescriptor`, so it goes in ``FetchDescriptor/sortBy`` beside the
  /// others, pages with ``FetchDescriptor/after`` and sorts arrays with `sorted(using:)`. It
  /// compares the value's `sortRank` (0 or 1); a store sorts by the attribute's own column.
  ///
  /// <!-- snippet context: movies -->
  /// ```swift
  /// struct Chore: Identifiable, Sendable {
  ///   var id: Int
  ///   var title: String
  ///   var isDone: Bool
  ///   var isUrgent: Bool?
  /// }
  /// // Unfinished chores first, the urgent ones first among them, `nil` (unknown) last.
  /// let descriptor = FetchDescriptor<Chore>(
  ///   sortBy: [SortDescriptor(\.isDone), SortDescriptor(\.isUrgent, order: .reverse), SortDescriptor(\.title)])
  /// let chores = [Chore(id: 1, title: "Dishes", isDone: true), Chore(id: 2, title: "Taxes", isDone: false, isUrgent: true)]
  /// print(chores.sorted(using: descriptor.sortBy).map(\.title))  // ["Taxes", "Dishes"]
  /// ```
  public init(_ keyPath: any KeyPath<Compared, Bool> & Sendable, order: SortOrder = .forward) {
    // `Sendable` is a marker protocol: the cast checks only the key path's types, which
    // `appending` gives, so it always succeeds (a key path holds no mutable state).
    self.init(keyPath.appending(path: \Bool.sortRank) as! any KeyPath<Compared, Int> & Sendable, order: order)
  }

  /// Sorts by an optional `Bool` attribute: `nil` first, then `false`, then `true` in
  /// `.forward` order, as SQLite orders `NULL`, 0 and 1; the reverse in `.reverse` order.
  public init(_ keyPath: any KeyPath<Compared, Bool?> & Sendable, order: SortOrder = .forward) {
    // As above: the cast to a marker protocol always succeeds.
    self.init(keyPath.appending(path: \Bool?.sortRank) as! any KeyPath<Compared, Int?> & Sendable, order: order)
  }
}

extension Bool {
  /// The value a `Bool` sort compares: 0 for `false`, 1 for `true`, as SQLite stores it.
  ///
  /// A store recognizes a sort key path that ends here and sorts by the column before it.
  package var sortRank: Int { self ? 1 : 0 }
}

extension Optional where Wrapped == Bool {
  /// The value an optional `Bool` sort compares: `nil`, 0 or 1 (see `Bool.sortRank`).
  package var sortRank: Int? { map(\.sortRank) }
}
