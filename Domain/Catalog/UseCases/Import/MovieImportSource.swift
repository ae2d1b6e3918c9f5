/// Rows for an import, read one at a time, so a file of any size is read in fixed memory.
///
/// The app reads files (CSV, JSON); the use case only sees rows.
public protocol MovieImportSource {
  /// The next row, a row that cannot be read as a movie, or `nil` after the last row.
  ///
  /// - Throws: ``ImportProblem`` when the rest of the source cannot be read at all (a quote
  ///   never closed, an unreadable file); the import then stores nothing.
  mutating func next() throws(ImportProblem) -> Result<MovieImportRow, ImportProblem>?
}
