import Catalog
import Foundation

/// A review as `review list` and `show` print it: as a table row for people, a JSON object or
/// a CSV record (``RowOutput``).
struct ReviewRow: Encodable {
  let id: UUID
  let date: Date
  let rate: Int?
  let author: String
  let text: String
  /// The movie reviewed; not shown in tables, which list one movie's reviews.
  let movieID: UUID

  init(_ review: Review) {
    id = review.id
    date = review.date
    rate = review.rate
    author = review.author
    text = review.text
    movieID = review.movieID
  }

  /// The output of reviews in a format; a table leaves out the movie's id.
  static func output(_ format: RowFormat) -> RowOutput {
    RowOutput(format: format, empty: "No reviews.", hiddenInTable: ["movieID"])
  }
}
