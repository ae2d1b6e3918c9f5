extension Movie {
  /// Every stored property of a movie but its images: what a listing or an update that leaves
  /// the images alone reads, so neither depends on the image files (see
  /// ``FetchDescriptor/propertiesToFetch``).
  public static let propertiesButImages: [any PartialKeyPath<Movie> & Sendable] = [
    \Movie.id, \Movie.title, \Movie.content, \Movie.date, \Movie.rate, \Movie.heart, \Movie.runtime,
  ]
}
