public import Repositories

extension Repository {
  /// Returns the models of every page of `descriptor`, `size` a page, each page asked for
  /// `after` the last model of the one before; at most `bound` models, so a store that repeats
  /// a page cannot loop forever.
  ///
  /// <!-- snippet context: kit -->
  /// ```swift
  /// let walked = try await planets.walkPages(FetchDescriptor(sortBy: [SortDescriptor(\.moonCount)]), size: 5)
  /// ```
  ///
  /// - Throws: what the repository's `fetch` throws.
  public func walkPages(_ descriptor: FetchDescriptor<Model>, size: Int, bound: Int = 1_000) async throws -> [Model] {
    var page = descriptor
    page.fetchLimit = size
    var models: [Model] = []
    while models.count <= bound {
      let next = try await fetch(page)
      models += next
      guard next.count == size, let last = next.last else { break }
      page.after = last
    }
    return models
  }
}
