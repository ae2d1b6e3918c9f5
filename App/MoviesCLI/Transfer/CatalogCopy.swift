import CatalogStorage
import Persistence
import Repositories

/// Copies every model of one catalog into another, empty, catalog — on either store — and
/// checks the copy: per model, the count and a checksum of every value, read back from both.
///
/// The models are copied in the order of `CatalogModels.all`, which lists a model after those
/// it refers to (a review after its movie, a tagging after its movie and tag), so every
/// reference is valid when it is written. Each model is read and written a page at a time
/// (``ModelPages``), each page one transaction, so memory stays flat however large the
/// catalog. If anything fails — a write, the check, an interruption, another process changing
/// the source meanwhile — every model copied is deleted again: the destination was empty, and
/// is left empty. From before the first write until the check, the destination is marked
/// incomplete (``Catalog/markIncomplete(_:)``): no other command opens it meanwhile, another
/// copy into it is refused before writing, and a copy killed midway leaves a catalog every
/// command refuses and `store check` names, never one that passes for whole.
///
/// The source's history is not copied (its tokens are the source's), but its position is: the
/// destination's history records each of the copy's transactions under an author that names
/// the source and its newest history token (``author(source:position:)``), and the copy fails
/// if that token moved while it ran. A reader of the source's history that had reached that
/// token goes on reading the destination's after the copy's last transaction.
struct CatalogCopy {
  /// The author the destination's history records for the copy of `source` whose history had
  /// reached `position` (token 0 for an empty history).
  static func author(source: String, position: HistoryToken) -> String {
    "movies store copy of \(source) at history token \(position)"
  }

  let source: Catalog
  let destination: Catalog
  /// Whether the copy should stop (Ctrl-C), asked between pages.
  let isInterrupted: () -> Bool

  /// What one model's copy holds: its name and digest, the same in both catalogs.
  struct Copied {
    let model: String
    let digest: ModelDigest
  }

  /// What a copy did: each model's digest, and the source's history position it copied.
  struct Outcome {
    let models: [Copied]
    /// The source's newest history token, which did not move during the copy (0 for none).
    let position: HistoryToken
    /// The author of the copy's transactions in the destination's history.
    var author: String
  }

  /// Copies and checks every model, returning the digest of each and the history position.
  ///
  /// - Throws: ``CatalogCopyError/destinationNotEmpty(_:holding:)`` before writing anything
  ///   if the destination holds a model; ``CatalogCopyError/mismatch(model:copied:source:destination:)``
  ///   if the check finds a difference; ``CatalogCopyError/sourceChanged(_:from:to:)`` if the
  ///   source's history moved meanwhile; ``AppError/interrupted(_:)`` on Ctrl-C; what the
  ///   stores throw. In every case the destination holds nothing the copy wrote, unless
  ///   ``CatalogCopyError/notUndone(_:reason:after:)`` says why it could not be removed.
  func run() async throws -> Outcome {
    // Marked before anything is counted or written, and unmarked only when the copy is whole:
    // a copy that stops midway leaves a catalog every command refuses, naming the copy; of
    // copies into one catalog at once, one places the mark and the others are refused.
    try await destination.markIncomplete(Self.incompleteNote(source: source.name))
    let held: [(model: String, count: Int)]
    do {
      held = try await CatalogModels.all.asyncMap { try await count(of: $0, in: destination) }.filter { $0.count > 0 }
    } catch {
      try? await destination.markComplete()
      throw error
    }
    guard held.isEmpty else {
      try await destination.markComplete()
      throw CatalogCopyError.destinationNotEmpty(destination.name, holding: held)
    }
    let position = try await source.latestHistoryToken() ?? HistoryToken(0)
    let author = Self.author(source: source.name, position: position)
    do {
      var copied: [Copied] = []
      for model in CatalogModels.all { copied.append(try await copy(model, author: author)) }
      for (model, copy) in zip(CatalogModels.all, copied) { try await check(model, copied: copy) }
      let now = try await source.latestHistoryToken() ?? HistoryToken(0)
      guard now == position else { throw CatalogCopyError.sourceChanged(source.name, from: position, to: now) }
      try await destination.markComplete()
      return Outcome(models: copied, position: position, author: author)
    } catch {
      try await undo(after: error, author: author)
      throw error
    }
  }

  /// What the destination's mark says while the copy runs, and after a copy stopped midway.
  static func incompleteNote(source: String) -> String {
    "a copy from \(source) ('movies store copy') is running, or stopped before it finished and left part of the "
      + "catalog: remove this store and copy again"
  }

  /// How many models of a type a catalog holds, named by the type.
  private func count<Model: PersistentModel>(
    of model: Model.Type, in catalog: Catalog
  ) async throws -> (model: String, count: Int) {
    ("\(Model.self)", try await catalog.repository(for: model).fetchCount(FetchDescriptor()))
  }

  /// Copies every model of one type, page by page, and returns the digest of what it wrote.
  private func copy<Model: PersistentModel>(_ model: Model.Type, author: String) async throws -> Copied {
    let reader = ModelPages(repository: try source.repository(for: model))
    let writer = try destination.repository(for: model, author: author)
    var digest = ModelDigest()
    try await reader.forEach { page in
      guard !isInterrupted() else { throw AppError.interrupted("the copy") }
      var bytes = 0
      for model in page { bytes += try digest.add(model) }
      try await writer.insert(page)
      return bytes
    }
    return Copied(model: "\(Model.self)", digest: digest)
  }

  /// Reads a copied model back from both catalogs and compares each digest with the copy's.
  ///
  /// - Throws: ``CatalogCopyError/mismatch(model:copied:source:destination:)`` on a difference.
  private func check<Model: PersistentModel>(_ model: Model.Type, copied: Copied) async throws {
    let source = try await digest(of: model, in: source)
    let destination = try await digest(of: model, in: destination)
    guard source == copied.digest, destination == copied.digest else {
      throw CatalogCopyError.mismatch(
        model: copied.model, copied: copied.digest, source: source, destination: destination)
    }
  }

  /// The digest of every model of a type a catalog holds.
  private func digest<Model: PersistentModel>(of model: Model.Type, in catalog: Catalog) async throws -> ModelDigest {
    var digest = ModelDigest()
    try await ModelPages(repository: try catalog.repository(for: model)).forEach { page in
      guard !isInterrupted() else { throw AppError.interrupted("the copy") }
      return try page.reduce(0) { $0 + (try digest.add($1)) }
    }
    return digest
  }

  /// Deletes every model the copy wrote, the last copied first, so no reference dangles, then
  /// the history of the copy's transactions and of their undoing.
  ///
  /// - Throws: ``CatalogCopyError/notUndone(_:reason:after:)`` if the destination refuses.
  private func undo(after failure: any Error, author: String) async throws {
    do {
      for model in CatalogModels.all.reversed() { try await deleteAll(model, author: author) }
      // The copy's writes and their undoing leave nothing in the destination's history.
      try await destination.deleteHistory(author: author)
      // Empty again, as it was: the catalog opens again.
      try await destination.markComplete()
    } catch {
      throw CatalogCopyError.notUndone(destination.name, reason: error, after: failure)
    }
  }

  /// Deletes every model of a type from the destination.
  private func deleteAll<Model: PersistentModel>(_ model: Model.Type, author: String) async throws {
    try await destination.repository(for: model, author: author).deleteAll()
  }
}

extension Array {
  /// The results of an asynchronous transform of each element, in order.
  fileprivate func asyncMap<Result>(_ transform: (Element) async throws -> Result) async throws -> [Result] {
    var results: [Result] = []
    for element in self { results.append(try await transform(element)) }
    return results
  }
}
