public import Catalog
import Foundation
public import Repositories
import RepositoryTesting
import Testing

/// What every store must do with ``FetchDescriptor/keepReferenced(by:to:where:)``: keep the
/// movies some link refers to, as Swift would from the links, through sorts, pages, keyset
/// positions, counts and other filters.
///
/// Run it with a movie repository and a link repository of the same store:
///
/// ```swift
/// try await ReferenceFilterChecks(movies: movies, taggings: taggings).run()
/// ```
public struct ReferenceFilterChecks<
  Movies: Repository<Movie>, Tags: Repository<MovieTag>, Taggings: Repository<Tagging>
> {
  let movies: Movies
  let tags: Tags
  let taggings: Taggings

  /// Checks over three repositories of one store, all empty.
  public init(movies: Movies, tags: Tags, taggings: Taggings) {
    self.movies = movies
    self.tags = tags
    self.taggings = taggings
  }

  /// Stores 60 movies and links them to three tags, then checks each filter against the
  /// movies Swift picks from the same links.
  public func run() async throws {
    var generator = SplitMix64(seed: 7)
    let stored = (0..<60).map { number in
      Movie(
        id: UUID(fixture: UInt8(number + 1)), title: "Movie \(number % 17)",
        date: Date(timeIntervalSince1970: Double(number % 23) * 86_400), rate: Int(generator.next() % 11))
    }
    let tags = [UUID(fixture: 201), UUID(fixture: 202), UUID(fixture: 203)]
    // Every movie has the first tag, a third the second too (so, counting every link, a movie
    // is referred to twice), none the third.
    var links = stored.map { Tagging(movieID: $0.id, tagID: tags[0]) }
    links += stored.enumerated().filter { $0.offset.isMultiple(of: 3) }.map {
      Tagging(movieID: $0.element.id, tagID: tags[1])
    }
    try await movies.insert(stored)
    try await self.tags.insert(tags.enumerated().map { MovieTag(id: $1, name: "tag \($0)") })
    try await taggings.insert(links)

    let sortBy = [SortDescriptor(\Movie.date, order: .reverse), SortDescriptor(\Movie.title)]
    for tag in tags + [nil] {
      let linked = Set(links.filter { tag == nil || $0.tagID == tag }.map(\.movieID))
      let expected = stored.filter { linked.contains($0.id) }.sorted(using: sortBy + [SortDescriptor(\.id)])
      var descriptor = FetchDescriptor<Movie>(sortBy: sortBy)
      descriptor.keepReferenced(
        by: \Tagging.movieID, to: \Movie.id, where: tag.map { tagID in #Predicate { $0.tagID == tagID } })
      #expect(try await movies.fetch(descriptor) == expected, "tag \(String(describing: tag))")
      #expect(try await movies.fetchCount(descriptor) == expected.count)
      #expect(try await movies.fetchIdentifiers(descriptor) == expected.map(\.id))

      // Pages by position and by count, and another filter beside it.
      var page = descriptor
      page.fetchLimit = 7
      page.after = expected.dropFirst(4).first
      #expect(try await movies.fetch(page) == Array(expected.dropFirst(5).prefix(7)))
      var rated = descriptor
      rated.predicate = #Predicate { $0.rate >= 5 }
      rated.fetchOffset = 2
      #expect(try await movies.fetch(rated) == Array(expected.filter { $0.rate >= 5 }.dropFirst(2)))
    }

    // Two filters both apply: movies of the first tag and of the second.
    var both = FetchDescriptor<Movie>(sortBy: [SortDescriptor(\.id)])
    for tagID in tags.prefix(2) {
      both.keepReferenced(by: \Tagging.movieID, to: \Movie.id, where: #Predicate { $0.tagID == tagID })
    }
    #expect(
      try await movies.fetch(both).map(\.id)
        == stored.enumerated().filter { $0.offset.isMultiple(of: 3) }.map(\.element.id))
  }
}
