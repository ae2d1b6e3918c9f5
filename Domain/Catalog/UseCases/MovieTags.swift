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
      var known = Self.byName(
        try changes.fetch(FetchDescriptor(predicate: #Predicate<MovieTag> { names.contains($0.name) })))
      let missing = names.filter { known[$0] == nil }.map { MovieTag(name: $0) }
      try changes.insert(missing)
      for tag in missing { known[tag.name] = tag }
      let existing = Set(
        try changes.fetch(FetchDescriptor(predicate: #Predicate<Tagging> { $0.movieID == movieID })).map(\.tagID))
      let added = names.compactMap { known[$0]?.id }.filter { !existing.contains($0) }
      try TagRules.check(tagCount: existing.count + added.count)
      try changes.insert(added.map { Tagging(movieID: movieID, tagID: $0) })
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
