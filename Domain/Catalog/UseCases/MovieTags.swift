public import Foundation
public import Repositories

/// Tags movies, untags them, and reads the tags of many movies at once.
///
/// Tagging and untagging each run as one unit of work: the new tags and the movie's links to
/// them are stored together or not at all. Reading the tags of any number of movies costs two
/// queries: their taggings, then the tags.
public struct MovieTags<Tags: Repository, Taggings: Repository, Work: UnitOfWork>: Sendable
where Tags.Model == MovieTag, Taggings.Model == Tagging {
  private let tags: Tags
  private let taggings: Taggings
  private let unitOfWork: Work

  /// Creates the use case over the two repositories and the unit of work that changes them.
  public init(tags: Tags, taggings: Taggings, unitOfWork: Work) {
    self.tags = tags
    self.taggings = taggings
    self.unitOfWork = unitOfWork
  }

  /// Gives a movie tags by name, creating the tags that do not exist yet; a tag the movie
  /// already has is left as it is.
  ///
  /// - Throws: ``CatalogError/movieNotFound(_:)``, or ``CatalogError/invalidTag(_:)`` for an
  ///   invalid name or tags past ``TagRules/maximumTagsPerMovie``.
  public func add(_ names: [String], to movieID: UUID) async throws {
    let names = try Self.checked(names)
    try await unitOfWork.transaction { changes in
      // Counted, not read: the movie's images are not needed to know it exists.
      guard try changes.fetchCount(FetchDescriptor<Movie>(predicate: #Predicate { $0.id == movieID })) > 0 else {
        throw CatalogError.movieNotFound(movieID)
      }
      // Upserted by their unique keys, not looked up then inserted: a tag or tagging another
      // writer stores meanwhile is then used, not a clash (a server lets writers run beside
      // each other).
      let tagIDs = try Self.written(
        try changes.upsert(names.map { Upsert(MovieTag(name: $0), matching: .identifierOrUniqueKey, properties: []) }),
        what: "tag", names)
      let existing = Set(
        try changes.fetch(FetchDescriptor(predicate: #Predicate<Tagging> { $0.movieID == movieID })).map(\.tagID))
      try TagRules.check(tagCount: existing.union(tagIDs).count)
      try Self.written(
        try changes.upsert(
          tagIDs.map { Upsert(Tagging(movieID: movieID, tagID: $0), matching: .identifierOrUniqueKey, properties: []) }
        ), what: "tagging", names)
    }
  }

  /// The identifier each upsert wrote or found, in order.
  ///
  /// - Throws: `RepositoryError.constraintViolation` for a row that clashes with another.
  @discardableResult
  private static func written<ID>(_ outcomes: [UpsertOutcome<ID>], what: String, _ names: [String]) throws -> [ID] {
    try zip(names, outcomes).map { name, outcome in
      switch outcome {
      case .inserted(let id), .updated(let id), .unchanged(let id), .repeated(let id, _): return id
      case .conflict(let other):
        throw RepositoryError.constraintViolation("the \(what) of \(name) clashes with the stored \(what) \(other)")
      }
    }
  }

  /// Takes tags off a movie; a tag it does not have is ignored.
  ///
  /// - Throws: ``CatalogError/invalidTag(_:)`` for an invalid name.
  public func remove(_ names: [String], from movieID: UUID) async throws {
    let names = try Self.checked(names)
    try await unitOfWork.transaction { changes in
      let tagIDs = try changes.fetch(FetchDescriptor(predicate: #Predicate<MovieTag> { names.contains($0.name) })).map(
        \.id)
      try changes.delete(where: #Predicate<Tagging> { $0.movieID == movieID && tagIDs.contains($0.tagID) })
    }
  }

  /// Returns the tag names of each movie, sorted, in two queries whatever the number of movies.
  public func names(of movieIDs: [UUID]) async throws -> [UUID: [String]] {
    let links = try await taggings.fetch(FetchDescriptor(predicate: #Predicate { movieIDs.contains($0.movieID) }))
    let byID = Dictionary(
      uniqueKeysWithValues: try await tags.fetch(ids: Array(Set(links.map(\.tagID)))).map { ($0.id, $0.name) })
    var names: [UUID: [String]] = [:]
    for link in links {
      if let name = byID[link.tagID] { names[link.movieID, default: []].append(name) }
    }
    return names.mapValues { $0.sorted() }
  }

  /// Returns the identifier of the tag with a name, or `nil` if there is none: what
  /// ``MovieQuery/tagID`` lists the movies of.
  ///
  /// - Throws: ``CatalogError/invalidTag(_:)`` for an empty name; ``RepositoryError`` if the
  ///   store fails.
  public func tagID(named name: String) async throws -> UUID? {
    try await tagsNamed([try TagRules.checkedName(name)]).values.first?.id
  }

  private func tagsNamed(_ names: [String]) async throws -> [String: MovieTag] {
    Self.byName(try await tags.fetch(FetchDescriptor(predicate: #Predicate { names.contains($0.name) })))
  }

  private static func byName(_ tags: [MovieTag]) -> [String: MovieTag] {
    Dictionary(tags.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
  }

  private static func checked(_ names: [String]) throws(CatalogError) -> [String] {
    var seen = Set<String>()
    var result: [String] = []
    for name in names {
      let checked = try TagRules.checkedName(name)
      if seen.insert(checked).inserted { result.append(checked) }
    }
    return result
  }
}
