import Catalog
public import Foundation

extension UUID: ArgumentValue {
  /// Reads a movie id, in either case.
  public init?(argument: String) { self.init(uuidString: argument) }

  /// What a UUID argument looks like.
  public static var expectation: String { "a movie id (a UUID)" }

  /// The UUID of zeros.
  public static var exampleArgument: String { "00000000-0000-0000-0000-000000000000" }
}

extension Date: ArgumentValue {
  /// Reads a day (`2024-05-31`, midnight UTC) or an ISO 8601 date and time.
  public init?(argument: String) {
    guard let date = CatalogDate.parse(argument) else { return nil }
    self = date
  }

  /// What a date argument looks like.
  public static var expectation: String { "a date such as 2024-05-31 or 2024-05-31T20:30:00Z" }

  /// A day.
  public static var exampleArgument: String { "2024-05-31" }
}

/// A date on the command line that remembers whether it was a whole day (`2024-05-31`) or a
/// moment (`2024-05-31T20:30:00Z`), for bounds that include the whole of a day.
struct DateArgument: ArgumentValue {
  /// The date: midnight UTC for a day.
  let date: Date
  /// Whether the text named a day rather than a moment.
  let isDay: Bool

  init?(argument: String) {
    guard let date = Date(argument: argument) else { return nil }
    self.date = date
    isDay = CatalogDate.parseDay(argument) != nil
  }

  static var expectation: String { Date.expectation }
  static var exampleArgument: String { Date.exampleArgument }
}

extension MovieQuery.SortKey: ArgumentValue {}

/// How a command prints movies.
enum OutputFormat: String, CaseIterable, ArgumentValue {
  /// An aligned table, for people.
  case table
  /// JSON, for scripts.
  case json

  /// `--format table|json`, table when not given.
  static let option = Option<OutputFormat>(
    "format", valueName: "FORMAT", default: .table, help: "table or json (default: table).")
}
