/// One row of an import, read and typed but not yet checked against the catalog's rules.
public struct MovieImportRow: Sendable, Equatable {
  /// The line the row starts on, counting from 1.
  public var line: Int
  /// The movie the row describes.
  public var movie: Movie
  /// The names of the tags the row gives the movie.
  public var tags: [String]

  /// Creates a row.
  public init(line: Int, movie: Movie, tags: [String] = []) {
    self.line = line
    self.movie = movie
    self.tags = tags
  }
}
