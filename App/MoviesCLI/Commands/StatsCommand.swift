import Catalog
import Foundation
import Persistence
import Repositories

/// `movies stats`: counts, the average rating and text histograms of ratings and years.
struct StatsCommand: MoviesCommand {
  static let configuration = CommandConfiguration(
    "stats", abstract: "Show counts, the average rating, and histograms of ratings and years.", arguments: [format])

  static let format = OutputFormat.option

  let format: OutputFormat

  init(_ arguments: CommandArguments) throws(UsageError) {
    format = try arguments[Self.format]
  }

  func run(in context: CommandContext) async throws {
    let catalog = try await context.openCatalogToRead()
    let summary = try await CatalogStatistics(movies: catalog.movies)()
    if format == .json {
      context.console.writeData(try Self.json(summary))
    } else {
      context.console.show(Self.text(summary))
    }
    // The figures leave out values another program damaged; the movies that hold them are named.
    try await catalog.checkMoviesReadable()
  }

  static func text(_ summary: CatalogSummary) -> String {
    var text = "Movies:        \(summary.count)\nHearted:       \(summary.heartedCount)\n"
    text += "Average rate:  " + (summary.averageRate.map { String(format: "%.1f", $0) } ?? "–") + "\n"
    if let range = summary.dateRange {
      text +=
        "Dates:         \(CatalogDate.dayString(range.lowerBound)) to \(CatalogDate.dayString(range.upperBound))\n"
    }
    guard summary.count > 0 else { return text }
    text += "\nMovies per rate:\n"
    text += TextBars.render(summary.moviesPerRate.sorted { $0.key > $1.key }.map { ("\($0.key)", $0.value) })
    text += "\nMovies per year:\n"
    text += TextBars.render(summary.moviesPerYear.sorted { $0.key < $1.key }.map { ("\($0.key)", $0.value) })
    return text
  }

  static func json(_ summary: CatalogSummary) throws -> String {
    struct Record: Encodable {
      let count: Int
      let heartedCount: Int
      let averageRate: Double?
      let moviesPerRate: [String: Int]
      let moviesPerYear: [String: Int]
      let firstDate: String?
      let lastDate: String?
    }
    let record = Record(
      count: summary.count, heartedCount: summary.heartedCount, averageRate: summary.averageRate,
      moviesPerRate: Dictionary(uniqueKeysWithValues: summary.moviesPerRate.map { ("\($0.key)", $0.value) }),
      moviesPerYear: Dictionary(uniqueKeysWithValues: summary.moviesPerYear.map { ("\($0.key)", $0.value) }),
      firstDate: summary.dateRange.map { CatalogDate.iso8601($0.lowerBound) },
      lastDate: summary.dateRange.map { CatalogDate.iso8601($0.upperBound) })
    return try JSONOutput.encode(record)
  }
}
