import Foundation
import Synchronization

/// The `SELECT`s made for a table's descriptors, by shape, so that a descriptor of a shape seen
/// before is answered without translating its predicate again (``QueryBuilder/select(_:)``).
///
/// A shape is everything the SQL text depends on: the predicate's expression type (which fixes
/// its tree and the types of its values), its key paths, comparison operators and list lengths (``SelectionShape``),
/// the sort's key paths and orders, and whether the descriptor is paged; only descriptors that
/// fetch whole models with no position or reference filter are kept. A shape's SQL is kept only
/// when the bindings the builder made are exactly those the shape predicts, so that another
/// descriptor of the shape can bind its own values to it.
final class SelectionCache: Sendable {
  /// The most shapes kept at once: when full, it starts over.
  static let capacity = 256

  private let queries = Mutex<[Key: String]>([:])

  init() {}

  /// The SQL made for a shape, if any.
  func sql(for key: Key) -> String? { queries.withLock { $0[key] } }

  /// Keeps the SQL made for a shape.
  func remember(_ sql: String, for key: Key) {
    queries.withLock { queries in
      if queries.count >= Self.capacity { queries.removeAll(keepingCapacity: true) }
      queries[key] = sql
    }
  }

  /// The shape of a descriptor.
  ///
  /// `@unchecked Sendable` is safe: a key path is immutable once made, and its equality and
  /// hashing read only that state (as in ``KeyPathName``).
  struct Key: Hashable, @unchecked Sendable {
    /// The predicate's expression type, or `nil` without a predicate.
    let expression: ObjectIdentifier?
    /// The predicate's key paths.
    let keyPaths: [AnyKeyPath]
    /// The sort's key paths.
    let sortKeys: [AnyKeyPath]
    /// The operators of the predicate's comparisons and the lengths of its captured lists.
    let variants: [Int]
    /// Whether each sort key is ascending.
    let ascending: [Bool]
    /// Whether the descriptor has a limit or an offset.
    let isPaged: Bool
  }
}
