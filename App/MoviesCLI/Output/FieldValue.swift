import Foundation

/// One field of an output row, as ``FieldEncoder`` read it from the row's `Encodable` form.
enum FieldValue: Equatable {
  /// No value: a `nil` optional.
  case null
  /// Text, also a UUID (lower case) and a string-backed enumeration.
  case text(String)
  /// A whole number.
  case integer(Int)
  /// A number with a fraction.
  case number(Double)
  /// A Boolean.
  case bool(Bool)
  /// A date, shown as ``CatalogDate`` writes dates.
  case date(Date)
  /// A list of values, such as tags.
  case list([FieldValue])

  /// Whether a table aligns the value to the right.
  var isNumeric: Bool {
    switch self {
    case .integer, .number: true
    default: false
    }
  }

  /// The value in a table cell for people: dates readable, lists joined with commas, no value
  /// (and empty text) as `–`.
  var cell: String {
    switch self {
    case .null: "–"
    case .text(let text): text.isEmpty ? "–" : text
    case .list(let values): values.isEmpty ? "–" : values.map(\.csvField).joined(separator: ", ")
    case .date(let date): CatalogDate.readable(date)
    default: csvField
    }
  }

  /// The value in a CSV field: exact dates, lists separated by `|` (a `|` in a value written
  /// `\|`, as `import` reads tags), no value as an empty field.
  var csvField: String {
    switch self {
    case .null: ""
    case .text(let text): text
    case .integer(let value): "\(value)"
    case .number(let value): "\(value)"
    case .bool(let value): value ? "true" : "false"
    case .date(let date): CatalogDate.iso8601(date)
    case .list(let values): TagList.encoded(values.map(\.csvField))
    }
  }

  /// The value as `JSONSerialization` writes it: exact dates as ISO 8601 text, `null` for no
  /// value.
  var jsonObject: Any {
    switch self {
    case .null: NSNull()
    case .text(let text): text
    case .integer(let value): value
    case .number(let value): value
    case .bool(let value): value
    case .date(let date): CatalogDate.iso8601(date)
    case .list(let values): values.map(\.jsonObject)
    }
  }
}
