import Catalog

/// An import file being read: rows for the import use case, and what the progress bar and
/// the warnings need to know.
protocol ImportFile: MovieImportSource {
  /// The field names the file has that the catalog does not know, sorted.
  var unknownFields: [String] { get }
}

/// What is said of fields the catalog does not know.
enum UnknownFields {
  /// `unknown fields: mood (--ignore-unknown imports the rest)`.
  static func reason(_ names: [String]) -> String {
    let list = names.map { "'\($0)'" }.joined(separator: ", ")
    return "\(names.count == 1 ? "an unknown field" : "unknown fields") \(list) (--ignore-unknown imports the rest)"
  }
}
