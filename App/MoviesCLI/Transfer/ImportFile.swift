import Domain

/// An import file being read: rows for the import use case, and what the progress bar and
/// the warnings need to know.
protocol ImportFile: MovieImportSource {
  /// The field names the file has that the catalog does not know, sorted.
  var unknownFields: [String] { get }
}
