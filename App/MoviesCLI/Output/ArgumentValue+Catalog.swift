import Catalog
public import Foundation

extension UUID: ArgumentValue {
  /// Reads a movie id, in either case.
  public init?(argument: String) { self.init(uuidString: argument) }

  /// What a UUID argument looks like.
  public static var expectation: String { "a movie id (a UUID)" }
}

extension Date: ArgumentValue {
  /// Reads a day (`2024-05-31`, midnight UTC) or an ISO 8601 date and time.
  public init?(argument: String) {
    guard let date = CatalogDate.parse(argument) else { return nil }
    self = date
  }

  /// What a date argument looks like.
  public static var expectation: String { "a date such as 2024-05-31 or 2024-05-31T20:30:00Z" }
}

extension MovieQuery.SortKey: ArgumentValue {}

/// How a command prints movies.
enum OutputFormat: String, CaseIterable, ArgumentValue {
  /// An aligned table, for people.
  case table
  /// JSON, for scripts.
  case json
}
