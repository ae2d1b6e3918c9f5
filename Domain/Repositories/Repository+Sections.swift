import Foundation

extension Repository {
  /// Returns the models a descriptor matches, grouped by the value of an attribute.
  ///
  /// Sections come in the order their first model appears, and each keeps the descriptor's
  /// order, so sorting by the section attribute first gives sections in that order:
  ///
  /// <!-- snippet context: movies -->
  /// ```swift
  /// let byRate = try await movies.fetch(
  ///   FetchDescriptor(sortBy: [SortDescriptor(\.rate, order: .reverse), SortDescriptor(\.title)]),
  ///   sectionedBy: \.rate)
  /// ```
  public func fetch<Key: Hashable & Sendable>(
    _ descriptor: FetchDescriptor<Model>,
    sectionedBy keyPath: any KeyPath<Model, Key> & Sendable
  ) async throws -> [(key: Key, models: [Model])] {
    var sections: [(key: Key, models: [Model])] = []
    var positions: [Key: Int] = [:]
    for model in try await fetch(descriptor) {
      let key = model[keyPath: keyPath]
      if let position = positions[key] {
        sections[position].models.append(model)
      } else {
        positions[key] = sections.count
        sections.append((key, [model]))
      }
    }
    return sections
  }
}
