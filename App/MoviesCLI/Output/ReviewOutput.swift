import Catalog
import Foundation

/// Renders reviews as a table for people or as JSON for scripts.
enum ReviewOutput {
  /// The reviews as an aligned table: id, date, rate, author and text.
  static func table(_ reviews: [Review]) -> String {
    guard !reviews.isEmpty else { return "No reviews.\n" }
    let table = TextTable(headers: ["ID", "DATE", "RATE", "AUTHOR", "REVIEW"], rightAligned: [2])
    return table.render(
      reviews.map { review in
        [
          review.id.uuidString.lowercased(), CatalogDate.dayString(review.date), review.rate.map { "\($0)" } ?? "–",
          review.author.isEmpty ? "–" : review.author, review.text,
        ]
      })
  }

  /// The reviews as a JSON array with stable field names; dates in ISO 8601.
  static func json(_ reviews: [Review]) throws -> String {
    struct Record: Encodable {
      let id: String
      let movieID: String
      let author: String
      let text: String
      let rate: Int?
      let date: String

      enum CodingKeys: String, CodingKey { case id, movieID, author, text, rate, date }

      /// Every field is always present; a review without a rating has `"rate": null`.
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(movieID, forKey: .movieID)
        try container.encode(author, forKey: .author)
        try container.encode(text, forKey: .text)
        try container.encode(rate, forKey: .rate)
        try container.encode(date, forKey: .date)
      }
    }
    let records = reviews.map {
      Record(
        id: $0.id.uuidString.lowercased(), movieID: $0.movieID.uuidString.lowercased(), author: $0.author,
        text: $0.text,
        rate: $0.rate, date: CatalogDate.iso8601($0.date))
    }
    return try JSONOutput.encode(records)
  }
}
