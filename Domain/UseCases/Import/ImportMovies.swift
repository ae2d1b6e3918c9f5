import Foundation

/// Adds or updates the movies of a file, however large: all of them, or none.
///
/// Rows stream from a ``MovieImportSource`` and are written a batch at a time inside one
/// transaction, so memory stays flat and an import that fails or is cancelled stores nothing.
/// A movie replaces the stored one with the same id or, without one, the same title and date;
/// importing a file twice adds nothing.
///
/// ```swift
/// var rows = CSVRows(file)  // the app's reader
/// var problems: [ImportProblem] = []
/// let done = try ImportMovies(store: importer)(from: &rows, invalid: { problems.append($0) })
/// ```
public struct ImportMovies<Store: MovieImportStore>: Sendable {
  private let store: Store
  private let batchSize: Int

  /// Creates the use case over a store; rows are written `batchSize` at a time.
  public init(store: Store, batchSize: Int = 1_000) {
    self.store = store
    self.batchSize = max(1, batchSize)
  }

  /// Checks every row against the catalog's rules and stores the valid ones in one transaction.
  ///
  /// Every invalid row is passed to `invalid` as it is found. Unless `skipInvalid` is set, one
  /// invalid row means nothing is stored; the rest of the source is still read, so that every
  /// problem is reported at once. `progress` is called after each batch and at the end; when it
  /// throws (to cancel the import, say), nothing is stored and its error is rethrown.
  ///
  /// - Returns: the final progress: rows read, written and refused.
  /// - Throws: ``CatalogError/invalidImport(invalidRows:)`` after invalid rows without
  ///   `skipInvalid`; the ``ImportProblem`` of a source that cannot be read; ``RepositoryError``
  ///   if the store refuses the rows. The store is unchanged in every case.
  public func callAsFunction<Source: MovieImportSource>(
    from source: inout Source,
    skipInvalid: Bool = false,
    invalid: (ImportProblem) -> Void = { _ in },
    progress: (ImportProgress) throws -> Void = { _ in }
  ) throws -> ImportProgress {
    try store.withImportTransaction { writer in
      var done = ImportProgress()
      var batch: [MovieImportRow] = []
      batch.reserveCapacity(batchSize)
      func flush() throws {
        guard !batch.isEmpty else { return }
        let ids = try writer.upsert(batch.map(\.movie))
        for (id, row) in zip(ids, batch) where !row.tags.isEmpty { try writer.addTags(row.tags, to: id) }
        done.rowsWritten += batch.count
        batch.removeAll(keepingCapacity: true)
      }
      while let next = try source.next() {
        done.rowsRead += 1
        switch next.flatMap(Self.checked) {
        case .success(let row):
          // After a refused row nothing will be stored, so writing more is wasted work.
          guard skipInvalid || done.invalidRows == 0 else { break }
          batch.append(row)
          if batch.count == batchSize { try flush() }
        case .failure(let problem):
          done.invalidRows += 1
          invalid(problem)
        }
        if done.rowsRead % batchSize == 0 { try progress(done) }
      }
      if done.invalidRows > 0, !skipInvalid { throw CatalogError.invalidImport(invalidRows: done.invalidRows) }
      try flush()
      try progress(done)
      return done
    }
  }

  /// The row with its title trimmed and its tags checked, or the field that breaks a rule.
  static func checked(_ row: MovieImportRow) -> Result<MovieImportRow, ImportProblem> {
    var row = row
    do throws(CatalogError) {
      row.movie = try MovieRules.validated(row.movie)
    } catch {
      let field =
        switch error {
        case .emptyTitle, .titleTooLong: "title"
        case .contentTooLong: "content"
        case .rateOutOfRange: "rate"
        case .invalidHeartCount: "heart"
        case .invalidRuntime: "runtime"
        default: "row"
        }
      return .failure(ImportProblem(line: row.line, field: field, reason: "\(error)"))
    }
    do throws(CatalogError) {
      var seen = Set<String>()
      row.tags = try row.tags.map { (name) throws(CatalogError) in try TagRules.checkedName(name) }
        .filter { seen.insert($0).inserted }
    } catch {
      return .failure(ImportProblem(line: row.line, field: "tags", reason: "\(error)"))
    }
    return .success(row)
  }
}
