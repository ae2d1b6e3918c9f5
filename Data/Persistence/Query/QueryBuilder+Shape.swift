import Foundation
import Repositories
import SQLValues

// What a descriptor's SQL depends on, so that the SQL made for one serves the next of its
// shape (see `SelectionCache`).

extension QueryBuilder {
  /// The shape of a descriptor's `SELECT` (see ``SelectionCache``) and the values it binds, or
  /// `nil` for a descriptor whose SQL may depend on more than its shape.
  ///
  /// Each part of the descriptor is read once: in this generic code, every access to a
  /// generic value looks its type up.
  func shape<Model>(of descriptor: FetchDescriptor<Model>) -> SelectionShape? {
    guard dialect.readsBySelectionShape, descriptor.propertiesToFetch.isEmpty, descriptor.referenceFilters.isEmpty,
      descriptor.afterModel == nil
    else { return nil }
    var shape = SelectionShape()
    if let predicate = descriptor.predicate {
      guard shape.add(predicate.expression, row: predicate.variable.key) else { return nil }
    }
    for sort in descriptor.sortBy {
      guard let keyPath = sort.keyPath else { return nil }
      shape.sortKeys.append(keyPath)
      shape.ascending.append(sort.order == .forward)
    }
    let limit = descriptor.fetchLimit
    let offset = descriptor.fetchOffset
    if limit != nil || offset != nil {
      shape.isPaged = true
      shape.bindings += Self.pageBindings(limit: limit, offset: offset)
    }
    return shape
  }

  /// The values of SQLite's `LIMIT ? OFFSET ?` for a descriptor's limit and offset, at least
  /// one of which is set.
  ///
  /// As in SQLite, a negative limit means no limit; a negative offset counts as zero.
  static func pageBindings(limit: Int?, offset: Int?) -> [SQLValue] {
    [.integer(Int64(max(limit ?? -1, -1))), .integer(Int64(max(offset ?? 0, 0)))]
  }
}
