import Foundation
public import Repositories

/// Adds or updates the movies of a file, however large: all of them, or none.
///
/// Rows stream from a ``MovieImportSource`` and are written a batch at a time, with their tags,
/// in one transaction of a unit of work, through its batch upsert
/// (`RepositoryTransaction.upsert(_:)`), so memory stays flat and an import that fails or is
/// cancelled stores nothing. A row changes the stored movie with its id or, without one, with
/// its title and date, and sets only the fields it gives (all of them when replacing); importing
/// a file twice adds nothing. Two rows for one movie, or a row whose title and date belong to
/// another movie, are refused like invalid rows.
///
/// ```swift
/// var rows = CSVRows(file)  // the app's reader
/// var problems: [ImportProblem] = []
/// let done = try await ImportMovies(unitOfWork: unitOfWork)(from: &rows, invalid: { problems.append($0) })
/// ```
public struct ImportMovies<Work: UnitOfWork>: Sendable {
  private let unitOfWork: Work
  private let batchSize: Int

  /// Creates the use case over the unit of work of a store that holds movies, tags and their
  /// taggings; rows are written `batchSize` at a time.
  public init(unitOfWork: Work, batchSize: Int = 1_000) {
    self.unitOfWork = unitOfWork
    self.batchSize = max(1, batchSize)
  }

  /// Checks every row against the catalog's rules and stores the valid ones in one transaction.
  ///
  /// Every refused row is passed to `invalid` as it is found: a row that breaks a rule, a
  /// second row for a movie an earlier row wrote (the problem names both lines), and a row
  /// whose title and date belong to another stored movie. Unless `skipInvalid` is set, one
  /// refused row means nothing is stored; the rest of the source is still read and written, so
  /// that every problem is reported at once. With `replacing`, a row replaces every field of
  /// the movie it changes, those it does not give taking their defaults (no content, rating
  /// 0, no hearts, no running time, no tags); images are kept either way. `progress` is
  /// called after each batch and at the end; when it throws (to cancel the import, say),
  /// nothing is stored and its error is rethrown.
  ///
  /// - Returns: the final progress: rows read, added, updated, unchanged and refused.
  /// - Throws: ``CatalogError/invalidImport(invalidRows:)`` after refused rows without
  ///   `skipInvalid`; the ``ImportProblem`` of a source that cannot be read; ``RepositoryError``
  ///   if the store refuses the rows. The store is unchanged in every case.
  public func callAsFunction<Source: MovieImportSource>(
    from source: inout Source,
    skipInvalid: Bool = false,
    replacing: Bool = false,
    invalid: (ImportProblem) -> Void = { _ in },
    progress: (ImportProgress) throws -> Void = { _ in }
  ) async throws -> ImportProgress {
    try await unitOfWork.transaction { changes in
      var writer = ImportBatchWriter(changes)
      var done = ImportProgress()
      var batch: [MovieImportRow] = []
      batch.reserveCapacity(batchSize)
      var batchTags = 0
      func flush() throws {
        guard !batch.isEmpty else { return }
        try writer.write(batch, into: &done, invalid: invalid)
        batch.removeAll(keepingCapacity: true)
        batchTags = 0
      }
      while let next = try source.next() {
        done.rowsRead += 1
        switch next {
        case .success(var row):
          if let problem = Self.check(&row) {
            done.invalidRows += 1
            invalid(problem)
            break
          }
          if replacing { row.fields.formUnion(.values) }
          // Rows after a refused one are still written, though nothing will commit, so that
          // the rows they would duplicate or conflict with are reported too.
          batch.append(row)
          batchTags += row.tags.count
          if batch.count == batchSize {
            try flush()
          } else if batchTags >= Self.tagsPerBatch {
            // Rows of many tags are written in smaller batches, each followed by `progress`,
            // so the work between two calls stays bounded.
            try flush()
            try progress(done)
          }
        case .failure(let problem):
          done.invalidRows += 1
          invalid(problem)
        }
        if done.rowsRead % batchSize == 0 { try progress(done) }
      }
      try flush()
      if done.invalidRows > 0, !skipInvalid { throw CatalogError.invalidImport(invalidRows: done.invalidRows) }
      try progress(done)
      return done
    }
  }

  /// The most tags a batch gives its movies before it is written, whatever its rows.
  static var tagsPerBatch: Int { 10_000 }

  /// Trims the row's title and checks its tags, in place; returns the field that breaks a rule,
  /// if one does.
  static func check(_ row: inout MovieImportRow) -> ImportProblem? {
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
      return ImportProblem(line: row.line, field: field, reason: "\(error)")
    }
    do throws(CatalogError) {
      // Counted before any is read, so a row of a million tags costs nothing more.
      try TagRules.check(tagCount: row.tags.count)
      var seen = Set<String>()
      row.tags = try row.tags.map { (name) throws(CatalogError) in try TagRules.checkedName(name) }
        .filter { seen.insert($0).inserted }
    } catch {
      return ImportProblem(line: row.line, field: "tags", reason: "\(error)")
    }
    return nil
  }
}
