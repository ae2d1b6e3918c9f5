/// How a list command prints its rows: ``RowOutput`` writes any `Encodable` rows in each.
enum RowFormat: String, CaseIterable, ArgumentValue {
  /// An aligned table, for people.
  case table
  /// A JSON array of objects, for scripts.
  case json
  /// CSV with a header line (RFC 4180), for spreadsheets and scripts.
  case csv

  /// `--format table|json|csv`, table when not given.
  static let option = Option<RowFormat>(
    "format", valueName: "FORMAT", default: .table, help: "table, json or csv (default: table).")
}
