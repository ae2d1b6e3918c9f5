import Foundation

/// The file formats of `import` and `export`.
enum TransferFormat: String, CaseIterable, ArgumentValue {
  /// Comma-separated values with a header row (RFC 4180).
  case csv
  /// One JSON array of objects.
  case json
  /// JSON Lines: one object per line.
  case jsonl

  /// The formats' names as a choice for people: `csv, json or jsonl`.
  static var choices: String {
    let names = allCases.map(\.rawValue)
    return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
  }

  /// The fields, in the order files carry them.
  static let fields = TransferField.allCases.map(\.name)

  /// The format a file name's extension names, if any.
  init?(path: String) {
    let name = path.lowercased()
    if name.hasSuffix(".csv") {
      self = .csv
    } else if name.hasSuffix(".jsonl") || name.hasSuffix(".ndjson") {
      self = .jsonl
    } else if name.hasSuffix(".json") {
      self = .json
    } else {
      return nil
    }
  }
}
