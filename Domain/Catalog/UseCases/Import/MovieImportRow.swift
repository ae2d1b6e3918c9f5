import Foundation
import Repositories

/// One row of an import, read and typed but not yet checked against the catalog's rules.
///
/// A row names the fields it gives: an import changes only those in a stored movie, so a file
/// with the columns `title,date,tags` leaves every movie's rating, hearts, running time and
/// content as they were. The ``movie`` holds the given values and defaults for the rest.
public struct MovieImportRow: Sendable, Equatable {
  /// The fields a row may give besides its title and date, which every row gives.
  public struct Fields: OptionSet, Sendable, Hashable {
    /// The bits of the fields in the set.
    public let rawValue: Int

    /// Creates a set of fields from its raw value.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The movie's id: the row changes that movie or adds it under that id. Without one, a row
    /// changes the movie with its title and date, or adds a movie with a new id.
    public static let id = Fields(rawValue: 1 << 0)
    /// The content.
    public static let content = Fields(rawValue: 1 << 1)
    /// The rating.
    public static let rate = Fields(rawValue: 1 << 2)
    /// The heart count.
    public static let heart = Fields(rawValue: 1 << 3)
    /// The running time; given as nothing, it clears the stored one.
    public static let runtime = Fields(rawValue: 1 << 4)
    /// The tags: the movie has exactly these afterwards.
    public static let tags = Fields(rawValue: 1 << 5)
    /// Every field.
    public static let all: Fields = [.id, .content, .rate, .heart, .runtime, .tags]
    /// Every field a stored movie's values can be replaced with: all but the id.
    public static let values: Fields = [.content, .rate, .heart, .runtime, .tags]
  }

  /// The line the row starts on, counting from 1.
  public var line: Int
  /// The movie the row describes: the values of the fields it gives, defaults for the others.
  /// Its id counts only when the row gives one (``Fields/id``); otherwise the store picks one.
  public var movie: Movie
  /// The names of the tags the row gives the movie.
  public var tags: [String]
  /// The fields the row gives, besides the title and date.
  public var fields: Fields

  /// Creates a row that gives `fields` (by default every one, the id included).
  public init(line: Int, movie: Movie, tags: [String] = [], fields: Fields = .all) {
    self.line = line
    self.movie = movie
    self.tags = tags
    self.fields = fields
  }
}

extension MovieImportRow {
  /// The movie's properties an import writes into a stored movie: its title and date, and the
  /// fields the row gives; never its id or images.
  ///
  /// One array for each combination of fields, made once: rows with the same fields share it,
  /// so a batch upsert resolves their columns once, not once a row.
  var properties: [any PartialKeyPath<Movie> & Sendable] {
    var subset = 0
    for (bit, optional) in Self.optionalProperties.enumerated() where fields.contains(optional.field) {
      subset |= 1 << bit
    }
    return Self.propertyLists[subset]
  }

  /// The fields whose properties an import may write, besides the title and date, each with its
  /// property.
  private static let optionalProperties: [(field: Fields, property: any PartialKeyPath<Movie> & Sendable)] = [
    (.content, \Movie.content), (.rate, \Movie.rate), (.heart, \Movie.heart), (.runtime, \Movie.runtime),
  ]

  /// ``properties`` for each subset of ``optionalProperties``, indexed by its bits.
  private static let propertyLists: [[any PartialKeyPath<Movie> & Sendable]] =
    (0..<1 << optionalProperties.count).map { subset in
      [\Movie.title, \Movie.date]
        + optionalProperties.indices.filter { subset & 1 << $0 != 0 }.map { optionalProperties[$0].property }
    }

  /// The row as an upsert of its movie: matched by its id when it gives one, else by its title
  /// and date (a new movie then takes `newID`); the row's line is its origin.
  func upsert(newID: @autoclosure () -> UUID) -> Upsert<Movie> {
    var movie = self.movie
    if !fields.contains(.id) { movie.id = newID() }
    return Upsert(
      movie, matching: fields.contains(.id) ? .identifier : .identifierOrUniqueKey, properties: properties,
      origin: line)
  }
}
