import Catalog
import Foundation

/// Renders movies as a table for people or as JSON for scripts.
enum MovieOutput {
  /// The movies as an aligned table: id, date, rate, heart and title.
  static func table(_ movies: [Movie]) -> String {
    guard !movies.isEmpty else { return "No movies.\n" }
    return listTable.render(movies.map(tableRow))
  }

  /// The layout of ``table(_:)``, for writing a table row by row.
  static let listTable = TextTable(headers: ["ID", "DATE", "RATE", "HEART", "TITLE"], rightAligned: [2, 3])

  /// A movie's cells in ``listTable``.
  static func tableRow(_ movie: Movie) -> [String] {
    [
      UUIDText.lowercase(movie.id), CatalogDate.dayString(movie.date), "\(movie.rate)", "\(movie.heart)",
      movie.title,
    ]
  }

  /// One movie as an element of the array ``json(_:tags:)-([Movie],_)`` writes: the same
  /// text, indented, without the separating comma.
  static func jsonElement(_ movie: Movie, tags: [String]) -> String {
    MovieJSON.object(movie, tags: tags, fields: .listing, pretty: true, indent: 2)
  }

  /// One movie in full, as labelled lines; the content keeps its line breaks, the other
  /// fields are kept to one line each.
  static func detail(_ movie: Movie, tags: [String] = []) -> String {
    var lines = [
      "id:      \(UUIDText.lowercase(movie.id))",
      "title:   \(TerminalText.escaped(movie.title))",
      "date:    \(CatalogDate.readable(movie.date))",
      "rate:    \(movie.rate)",
      "heart:   \(movie.heart)",
      "images:  \(movie.images.count)",
    ]
    if let runtime = movie.runtime { lines.insert("runtime: \(runtime) min", at: 5) }
    if !tags.isEmpty { lines.append("tags:    " + tags.map { TerminalText.escaped($0) }.joined(separator: ", ")) }
    if !movie.content.isEmpty { lines.append("content:\n" + movie.content) }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The movies as a JSON array with stable field names (``MovieJSON``); dates in ISO 8601.
  static func json(_ movies: [Movie], tags: [UUID: [String]] = [:]) -> String {
    MovieJSON.array(movies.map { jsonElement($0, tags: tags[$0.id] ?? []) })
  }

  /// One movie as a JSON object.
  static func json(_ movie: Movie, tags: [String] = []) -> String {
    MovieJSON.object(movie, tags: tags, fields: .listing, pretty: true) + "\n"
  }
}
