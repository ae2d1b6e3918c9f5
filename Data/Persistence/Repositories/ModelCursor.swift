import Foundation
public import Repositories
import SQLValues
import SQLiteCore

/// The models of a query, read from the store one row at a time as they are asked for.
///
/// A cursor holds one row in memory, not the whole result, so a million-row result costs no
/// more memory than a ten-row one. On a file store it reads through a connection of its own,
/// inside one read transaction: it sees the store as it was when the first row was read, and
/// writers are not held up while it is read (WAL). An in-memory store has only one
/// connection, so its cursor reads every row first.
///
/// <!-- snippet context: movies -->
/// ```swift
/// var titles: [String] = []
/// for try await movie in movies.cursor(FetchDescriptor(sortBy: [SortDescriptor(\.date)])) {
///   titles.append(movie.title)
/// }
/// ```
public struct ModelCursor<Model: PersistentModel>: AsyncSequence {
  let repository: SQLiteRepository<Model>
  let descriptor: FetchDescriptor<Model>

  /// Starts reading; the query runs when the first model is asked for.
  public func makeAsyncIterator() -> Iterator {
    Iterator(repository: repository, descriptor: descriptor)
  }

  /// Reads the next model on each call to `next()`.
  public final class Iterator: AsyncIteratorProtocol {
    private let repository: SQLiteRepository<Model>
    private let descriptor: FetchDescriptor<Model>
    private var state: State = .notStarted
    private var unreadable = UnreadableRows()

    private enum State {
      case notStarted
      case reading(Connection, ModelReader)
      case buffered(IndexingIterator<[Model]>)
      case finished
    }

    init(repository: SQLiteRepository<Model>, descriptor: FetchDescriptor<Model>) {
      self.repository = repository
      self.descriptor = descriptor
    }

    /// Returns the next model, or `nil` after the last one.
    ///
    /// A row whose values cannot be decoded (another program wrote them, or an external file
    /// is missing) is skipped, and the rows after it are still returned; after the last one,
    /// `next()` throws `RepositoryError.unreadable` naming the skipped rows.
    ///
    /// - Throws: `RepositoryError` if the query cannot run (the cursor is finished then), or,
    ///   after the last row, `RepositoryError.unreadable` if rows were skipped.
    public func next() async throws -> Model? {
      try nextModel()
    }

    /// ``next()``, without suspending: for callers that are not async, such as a context's
    /// `enumerate`.
    func nextModel() throws(RepositoryError) -> Model? {
      do {
        switch state {
        case .notStarted:
          try start()
          return try nextModel()
        case .reading(_, let reader):
          while try reader.statement.step() {
            do {
              return try reader.decodeCurrentRow(Model.self)
            } catch {
              // One damaged row does not hide the others: it is named at the end.
              unreadable.note(row: reader.rowIdentifier, error)
            }
          }
          finish()
          if let error = unreadable.error { throw error }
          return nil
        case .buffered(var models):
          let model = models.next()
          state = model == nil ? .finished : .buffered(models)
          return model
        case .finished:
          return nil
        }
      } catch {
        finish()
        throw RepositoryError(error, modelName: "\(Model.self)")
      }
    }

    private func start() throws {
      try repository.store.checkOpen()
      let query = try repository.builder.select(descriptor)
      guard let location = repository.store.readLocation else {
        state = .buffered(
          try repository.store.read { state in try repository.fetch(query, in: state) }.makeIterator())
        return
      }
      let connection = try Connection(location: location, readOnly: true, vfs: repository.store.configuration.vfs)
      // A scan's rows are held until it ends, so a cursor scans only for a page it may hold.
      if let limit = descriptor.fetchLimit, limit <= BoundedScan.longestHeldPage,
        let scan = try repository.builder.scan(descriptor, narrowed: query)
      {
        let reader = ModelReader(
          statement: try connection.statement(scan.sql), table: repository.table, external: repository.store.external)
        defer { reader.statement.finalize() }
        // A row that cannot be decoded ends the scan, and the query through the index reads
        // it again, skipping and naming it as a cursor does.
        if let models = try? BoundedScan.run({ try reader.readAll(Model.self, binding: scan.bindings) }, on: connection)
        {
          state = .buffered(models.makeIterator())
          return
        }
      }
      let statement = try connection.statement(query.sql)
      try statement.bind(query.bindings)
      state = .reading(
        connection, ModelReader(statement: statement, table: repository.table, external: repository.store.external))
    }

    deinit { finish() }

    /// Ends the read: finalizes the statement and breaks the decoder's reference to its own
    /// container, so the connection closes cleanly when it is released.
    private func finish() {
      if case .reading(_, let reader) = state { reader.statement.finalize() }
      state = .finished
    }
  }
}

extension SQLiteRepository {
  /// Returns a cursor over the models a descriptor matches, read one row at a time.
  ///
  /// See ``ModelCursor``.
  public func cursor(_ descriptor: FetchDescriptor<Model> = FetchDescriptor()) -> ModelCursor<Model> {
    ModelCursor(repository: self, descriptor: descriptor)
  }

  /// Calls `body` with each model a descriptor matches, read one row at a time through a
  /// ``ModelCursor``: memory stays flat however many match.
  ///
  /// - Throws: `RepositoryError` if the query fails or a row cannot be read; what `body` throws.
  public func enumerate(_ descriptor: FetchDescriptor<Model>, _ body: (Model) async throws -> Void) async throws {
    for try await model in cursor(descriptor) { try await body(model) }
  }
}

extension SQLiteRepository: StoreRepository {
  func rowsNow(_ descriptor: FetchDescriptor<Model>) throws(RepositoryError) -> any ModelRows<Model> {
    cursor(descriptor).makeAsyncIterator()
  }
}

extension ModelCursor.Iterator: ModelRows {}
