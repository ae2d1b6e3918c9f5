import Repositories

/// Reads every model of a repository, page after page, in the order they were stored, so
/// that memory holds one page however many models there are.
///
/// Pages are taken by offset on the store's own order, with no filter and no sort key: that
/// reads the same on every store, whatever the models' identifiers are. A page holds at most
/// ``maximumCount`` models, fewer when they are large: after a page of big models (a movie's
/// images), the next asks for as many as fit in ``byteBudget``.
struct ModelPages<Model: Sendable & Identifiable> where Model.ID: Sendable {
  /// The most models a page holds.
  static var maximumCount: Int { 1_000 }
  /// About how many bytes of canonical encoding a page should hold.
  static var byteBudget: Int { 32 << 20 }

  let repository: AnyRepository<Model>

  /// Calls `body` with each page, in order; `body` returns the size in bytes of the page's
  /// models, which sizes the next page.
  ///
  /// - Throws: what the repository or `body` throws, ending the reading.
  func forEach(_ body: ([Model]) async throws -> Int) async throws {
    var descriptor = FetchDescriptor<Model>(fetchLimit: Self.maximumCount, fetchOffset: 0)
    while true {
      let page = try await repository.fetch(descriptor)
      guard !page.isEmpty else { return }
      let bytes = try await body(page)
      guard page.count == descriptor.fetchLimit else { return }
      descriptor.fetchOffset = (descriptor.fetchOffset ?? 0) + page.count
      let perModel = max(bytes / page.count, 1)
      descriptor.fetchLimit = min(max(Self.byteBudget / perModel, 1), Self.maximumCount)
    }
  }
}
