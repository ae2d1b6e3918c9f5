import Repositories

/// Reads every model of a repository, page after page, in the order they were stored, so
/// that memory holds one page however many models there are.
///
/// Pages are taken by offset on the store's own order, with no filter and no sort key: that
/// reads the same on every store, whatever the models' identifiers are. The first page holds
/// ``firstCount`` models; each next one as many as fit in ``byteBudget`` at the size of the
/// models before it (few when they hold images), at most ``maximumCount``. Large pages matter
/// on PostgreSQL, which sorts the table for each page it reads by offset.
struct ModelPages<Model: Sendable & Identifiable> where Model.ID: Sendable {
  /// How many models the first page holds, before their size is known.
  static var firstCount: Int { 16 }
  /// The most models a page holds.
  static var maximumCount: Int { 5_000 }
  /// About how many bytes of canonical encoding a page should hold.
  static var byteBudget: Int { 32 << 20 }

  let repository: any Repository<Model>

  /// Calls `body` with each page, in order; `body` returns the size in bytes of the page's
  /// models, which sizes the next page.
  ///
  /// - Throws: what the repository or `body` throws, ending the reading.
  func forEach(_ body: ([Model]) async throws -> Int) async throws {
    var descriptor = FetchDescriptor<Model>(fetchLimit: Self.firstCount, fetchOffset: 0)
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
