public import Foundation
public import Repositories
import SQLValues
import SQLiteCore

/// A `Repository` (Repositories) of one model type, stored in SQLite.
///
/// The repository is a small value bound to one named configuration of a
/// ``ModelContainer``; copies share the container's store. Every method finishes its work
/// before returning, and reports failures as `RepositoryError` (Repositories).
///
/// <!-- snippet context: movies -->
/// ```swift
/// let movies = try SQLiteRepository<Movie>(container: container, configuration: "Catalog")
/// try await movies.insert(Movie(title: "Alien", date: .now, rate: 9))
/// let top = try await movies.fetch(FetchDescriptor(predicate: #Predicate { $0.rate >= 8 }))
/// ```
public struct SQLiteRepository<Model: PersistentModel>: Repository {
  let store: Store
  let table: TableSchema
  let statements: TableStatements
  /// The author the store's history records for this repository's writes.
  public let author: String?

  /// Creates a repository for the model's configuration in a container.
  ///
  /// - Parameters:
  ///   - container: the container whose store the repository reads and writes.
  ///   - configuration: the configuration's name; may be omitted when exactly one
  ///     configuration stores the model.
  ///   - author: the author the store's history records for this repository's writes.
  /// - Throws: ``PersistenceError/unknownConfiguration(_:)`` if no such configuration stores
  ///   the model.
  public init(container: ModelContainer, configuration: String? = nil, author: String? = nil) throws(PersistenceError) {
    (store, table) = try container.store(for: Model.self, configuration: configuration)
    statements = store.statements(of: Model.self, table: table)
    self.author = author
  }

  /// A repository on a store's table, for the engine's own use (a context's reads, a
  /// ``ModelRepository``).
  init(store: Store, table: TableSchema, author: String? = nil) {
    self.store = store
    self.table = table
    statements = store.statements(of: Model.self, table: table)
    self.author = author
  }

  /// Inserts a new model.
  ///
  /// - Throws: `RepositoryError.constraintViolation` if its identifier is already stored.
  public func insert(_ model: Model) async throws {
    try perform {
      try store.write(replacesFiles: false, author: author) { state in try writer.insert([model], in: state) }
    }
  }

  /// Inserts many models in one transaction: all of them, or none.
  ///
  /// - Throws: `RepositoryError` for the first model that cannot be stored.
  public func insert(_ models: [Model]) async throws {
    guard !models.isEmpty else { return }
    try perform {
      try store.write(replacesFiles: false, author: author) { state in try writer.insert(models, in: state) }
    }
  }

  /// Inserts each model or updates the stored one it matches, by identifier or by a declared
  /// unique attribute (`INSERT … ON CONFLICT … DO UPDATE`), in one transaction.
  ///
  /// - Throws: `RepositoryError.constraintViolation` if an update would itself break a unique
  ///   rule (a model matching one row by identifier and another by unique values); nothing is
  ///   stored then.
  public func upsert(_ models: [Model]) async throws {
    guard !models.isEmpty else { return }
    try perform { try store.write(author: author) { state in try writer.upsert(models, in: state) } }
  }

  /// Replaces the stored model with the same identifier.
  ///
  /// - Throws: `RepositoryError.notFound` if it is not stored.
  public func update(_ model: Model) async throws {
    try perform { try store.write(author: author) { state in try writer.update([model], in: state) } }
  }

  /// Reads the model with an identifier, changes it and stores it in one write transaction,
  /// so no other write comes between; returns it as stored.
  ///
  /// - Throws: `RepositoryError.notFound` for an unknown identifier; what `change` throws, as
  ///   it is; `RepositoryError` if the new value is refused. Nothing is stored then.
  public func update(id: Model.ID, _ change: (inout Model) throws -> Void) async throws -> Model {
    try updateNow(id: id, properties: [], change)
  }

  /// Reads the model with an identifier, changes it and stores it in one write transaction,
  /// reading and writing only the listed properties (and the identifier): the others keep
  /// their stored values, and externally stored ones are neither read nor written. Returns the
  /// model as read and changed; properties not listed hold empty values (see
  /// `FetchDescriptor.propertiesToFetch`).
  ///
  /// <!-- snippet context: movies -->
  /// ```swift
  /// let hearted = try await movies.update(id: id, properties: [\.title, \.heart]) { $0.heart += 1 }
  /// ```
  ///
  /// - Throws: as ``update(id:_:)`` does; `RepositoryError.unsupportedQuery` for a key path to
  ///   no stored attribute.
  public func update(
    id: Model.ID, properties: [any PartialKeyPath<Model> & Sendable], _ change: (inout Model) throws -> Void
  ) async throws -> Model {
    try updateNow(id: id, properties: properties, change)
  }

  /// ``update(id:properties:_:)``, where `change` sets each property in `replacing` whole:
  /// those are written, not read (an externally stored one holds empty values, one per file,
  /// in `change`), so a missing or unreadable old file does not stand in the way; the old
  /// files no row names any more are removed after the commit, and one already missing is
  /// no error. An empty `properties` reads every property but the replaced ones.
  ///
  /// <!-- snippet context: movies -->
  /// ```swift
  /// let movie = try await movies.update(id: id, properties: [\.title], replacing: [\.images]) {
  ///   $0.images = [poster]
  /// }
  /// ```
  ///
  /// - Throws: as ``update(id:properties:_:)`` does.
  public func update(
    id: Model.ID, properties: [any PartialKeyPath<Model> & Sendable], replacing: [any PartialKeyPath<Model> & Sendable],
    _ change: (inout Model) throws -> Void
  ) async throws -> Model {
    try updateNow(id: id, properties: properties, replacing: replacing, change)
  }

  private func updateNow(
    id: Model.ID, properties: [any PartialKeyPath<Model> & Sendable],
    replacing: [any PartialKeyPath<Model> & Sendable] = [], _ change: (inout Model) throws -> Void
  ) throws -> Model {
    var changeError: (any Error)?
    do {
      let key = try SQLValue(identifier: id)
      let (select, update, columns) = try partialStatements(properties, replacing: replacing)
      let writesFiles = table.columns.indices.contains { table.columns[$0].kind == .external && columns.contains($0) }
      return try store.write(replacesFiles: writesFiles, author: author) { state in
        // Read on the writer, inside the transaction: the row cannot change underneath.
        guard var model = try fetch(SQLFragment(select, [key]), in: state).first else {
          throw RepositoryError.notFound(id: String(describing: id))
        }
        do {
          try change(&model)
        } catch {
          changeError = error
          throw error
        }
        let encoder = state.encoder(for: table)
        try encoder.encode(model, columns: columns)
        // With a history, the update reports what it changes, compared on the row it replaces.
        let written = columns.sorted().filter { $0 != table.primaryKeyIndex }
        let reports = state.history != nil && !written.isEmpty
        state.connection.clearReport()
        try encoder.run(
          try state.connection.statement(
            reports ? update + " AND " + UpdatedAttributes.reportingTerm(table, setting: written) : update))
        guard state.connection.changes > 0 else { throw RepositoryError.notFound(id: String(describing: id)) }
        let attributes = reports ? UpdatedAttributes.reported(written, of: table, on: state.connection) : nil
        try state.history?.record(.update, id: model.id, in: table.name, attributes: attributes ?? [])
        return model
      }
    } catch {
      // The change's own error reaches the caller as it is.
      if let changeError { throw changeError }
      throw mapped(error)
    }
  }

  /// Replaces many stored models in one transaction: all of them, or none.
  ///
  /// - Throws: `RepositoryError.notFound` naming the first model that is not stored.
  public func update(_ models: [Model]) async throws {
    guard !models.isEmpty else { return }
    try perform { try store.write(author: author) { state in try writer.update(models, in: state) } }
  }

  /// Returns the models a descriptor matches, in its order, filtered, sorted and paged in SQL
  /// (a page `after` a model is a range on the first sort key, which its index answers).
  ///
  /// - Throws: `RepositoryError.unsupportedQuery` naming a part of the predicate or sort that
  ///   cannot be translated, or for a position in an unsorted descriptor.
  public func fetch(_ descriptor: FetchDescriptor<Model>) async throws -> [Model] {
    try fetchNow(descriptor)
  }

  /// ``fetch(_:)``, without suspending: for callers that are not async, such as a context.
  func fetchNow(_ descriptor: FetchDescriptor<Model>) throws(RepositoryError) -> [Model] {
    try perform {
      return try store.read { state in try fetch(descriptor, in: state) }
    }
  }

  /// Returns the identifiers of the models a descriptor matches, in its order, selecting only
  /// the primary key: no model is decoded and no external file is read.
  ///
  /// - Throws: as ``fetch(_:)`` does.
  public func fetchIdentifiers(_ descriptor: FetchDescriptor<Model>) async throws -> [Model.ID] {
    try fetchIdentifiersNow(descriptor)
  }

  /// ``fetchIdentifiers(_:)``, without suspending: for callers that are not async, such as a context.
  func fetchIdentifiersNow(_ descriptor: FetchDescriptor<Model>) throws(RepositoryError) -> [Model.ID] {
    try perform {
      let query = try builder.selectIdentifiers(descriptor)
      return try store.read { state in
        try state.reader(for: query.sql, table: table).readIdentifiers(Model.ID.self, binding: query.bindings)
      }
    }
  }

  /// Returns the model with an identifier, or `nil`.
  public func fetch(id: Model.ID) async throws -> Model? {
    try perform {
      let key = try SQLValue(identifier: id)
      return try store.read { state in try fetch(SQLFragment(statements.selectByID, [key]), in: state).first }
    }
  }

  /// Returns the stored models with these identifiers, in the order of `ids`, each once;
  /// identifiers that are not stored are skipped. One query, whatever the number of ids.
  public func fetch(ids: [Model.ID]) async throws -> [Model] {
    guard !ids.isEmpty else { return [] }
    return try perform {
      let translator = PredicateTranslator(table: table, modelName: "\(Model.self)", dialect: Store.dialect)
      let keyColumn = SQLTerm(sql: SQLIdentifier.quote(table.primaryKey), bindings: [])
      let condition = try translator.membership(keyColumn, in: ids)
      let query = SQLFragment(
        "SELECT \(table.quotedColumns) FROM \(table.quotedName) WHERE \(condition.sql)", condition.bindings)
      let found = try store.read { state in try fetch(query, in: state) }
      let byID = Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
      var seen = Set<Model.ID>()
      return ids.compactMap { id in seen.insert(id).inserted ? byID[id] : nil }
    }
  }

  /// Returns how many models a descriptor matches, after its position if it has one, within
  /// its limit and offset.
  public func fetchCount(_ descriptor: FetchDescriptor<Model>) async throws -> Int {
    try fetchCountNow(descriptor)
  }

  /// ``fetchCount(_:)``, without suspending: for callers that are not async, such as a context.
  func fetchCountNow(_ descriptor: FetchDescriptor<Model>) throws(RepositoryError) -> Int {
    try perform {
      let query = try builder.count(descriptor)
      return try store.read { state in try count(query, in: state) }
    }
  }

  /// Deletes the models with these identifiers in one transaction: all of them, or none.
  ///
  /// - Throws: `RepositoryError.notFound` naming the first identifier that is not stored.
  public func delete(ids: [Model.ID]) async throws {
    try perform {
      let keys = try ids.map { (id) throws(PersistenceError) in (id, try SQLValue(identifier: id)) }
      try store.write(author: author) { state in try writer.delete(keys, in: state) }
    }
  }

  /// Deletes every model a predicate matches, with one `DELETE` statement, and returns how many.
  ///
  /// - Throws: `RepositoryError.unsupportedQuery` naming a part of the predicate that cannot be
  ///   translated; nothing is deleted then.
  @discardableResult
  public func delete(where predicate: Predicate<Model>) async throws -> Int {
    try perform {
      let condition = try PredicateTranslator(table: table, modelName: "\(Model.self)", dialect: Store.dialect)
        .condition(predicate)
      return try store.write(author: author) { state in try writer.delete(where: condition, in: state) }
    }
  }

  /// Checks that a descriptor can be translated to SQL, without running it.
  ///
  /// Use it in an app's tests to check every query it makes:
  ///
  /// <!-- snippet context: movies -->
  /// ```swift
  /// try movies.validate(MovieQuery().descriptor())
  /// ```
  ///
  /// A valid descriptor can still fail when it runs, where Swift would trap: an arithmetic
  /// overflow or a force-unwrapped nil in some row.
  ///
  /// - Throws: ``PersistenceError/unsupportedQuery(_:)`` naming the first expression or sort
  ///   that cannot be translated.
  public func validate(_ descriptor: FetchDescriptor<Model>) throws(PersistenceError) {
    _ = try builder.select(descriptor)
  }

  /// Deletes every model with one `DELETE` statement and returns how many there were.
  @discardableResult
  public func deleteAll() async throws -> Int {
    try perform {
      try store.write(author: author) { state in try writer.deleteAll(in: state) }
    }
  }

  // MARK: Helpers

  /// The `SELECT` by identifier of the listed properties, the `UPDATE` of those and the
  /// replaced ones, and the indexes of the columns they write; every column when `properties`
  /// is empty (and read every one but the replaced ones).
  private func partialStatements(
    _ properties: [any PartialKeyPath<Model> & Sendable], replacing: [any PartialKeyPath<Model> & Sendable]
  ) throws(PersistenceError) -> (select: String, update: String, columns: Set<Int>) {
    guard !properties.isEmpty || !replacing.isEmpty else {
      return (statements.selectByID, statements.update, Set(table.columns.indices))
    }
    let replaced = Set(replacing.map { KeyPathName.column(of: $0) })
    let read = try builder.columns(
      names: properties.isEmpty ? Set(table.columns.map(\.name)) : Set(properties.map { KeyPathName.column(of: $0) }),
      except: replaced)
    let key = SQLIdentifier.quote(table.primaryKey)
    let select = "SELECT \(read) FROM \(table.quotedName) WHERE \(key) = ?"
    let names =
      properties.isEmpty
      ? Set(table.columns.map(\.name)) : Set(properties.map { KeyPathName.column(of: $0) }).union(replaced)
    let columns = Set(table.columns.indices.filter { names.contains(table.columns[$0].name) })
    let assignments = columns.sorted().filter { table.columns[$0].name != table.primaryKey }.map {
      "\(SQLIdentifier.quote(table.columns[$0].name)) = ?\($0 + 1)"
    }
    // Nothing to set but the key: an UPDATE that sets the key to itself still finds the row.
    let set = assignments.isEmpty ? "\(key) = \(key)" : assignments.joined(separator: ", ")
    let update = "UPDATE \(table.quotedName) SET \(set) WHERE \(key) = ?\(table.primaryKeyIndex + 1)"
    return (select, update, columns)
  }

  var builder: QueryBuilder {
    QueryBuilder(
      table: table, modelName: "\(Model.self)", dialect: Store.dialect, neighbours: store.tables,
      selections: statements.selections)
  }

  /// The writer of the repository's rows: every write above is one of its operations in a
  /// transaction of its own.
  var writer: TableWriter<Model> {
    TableWriter(table: table, statements: statements, tables: Array(store.tables.values))
  }

  func count(_ query: SQLFragment, in state: StoreState) throws -> Int {
    let statement = try state.connection.statement(query.sql)
    defer { statement.reset() }
    try statement.bind(query.bindings)
    _ = try statement.step()
    return Int(statement.int64(at: 0))
  }

  func fetch(_ query: SQLFragment, in state: StoreState) throws -> [Model] {
    try state.reader(for: query.sql, table: table).readAll(Model.self, binding: query.bindings)
  }

  /// Reads the models a descriptor asks for: its query's scan first, within ``BoundedScan``'s
  /// bound, when the query reads a narrowing set (``QueryBuilder/scan(_:narrowed:)``), and the
  /// query itself when there is none or it did not finish.
  func fetch(_ descriptor: FetchDescriptor<Model>, in state: StoreState) throws -> [Model] {
    let query = try builder.select(descriptor)
    if let scan = try builder.scan(descriptor, narrowed: query),
      let models = try BoundedScan.run({ try fetch(scan, in: state) }, on: state.connection)
    {
      return models
    }
    return try fetch(query, in: state)
  }

  /// Runs an operation, reporting any failure as a `RepositoryError`.
  func perform<T>(_ operation: () throws -> T) throws(RepositoryError) -> T {
    do {
      return try operation()
    } catch {
      throw mapped(error)
    }
  }

  /// A failure as the repository reports it.
  private func mapped(_ error: any Error) -> RepositoryError {
    if let error = error as? SQLiteError, error.isForeignKeyViolation {
      return .constraintViolation(referenceFailure())
    }
    return RepositoryError(error, modelName: "\(Model.self)")
  }

  /// Explains a broken reference: the models whose rules forbid deleting this one, or, when
  /// this model is the one referring, that what it refers to does not exist.
  private func referenceFailure() -> String {
    let blocking = store.tables.values.filter { other in
      other.foreignKeys.contains {
        $0.parentTable == table.name && ($0.deleteRule == .deny || $0.deleteRule == .noAction)
      }
    }.map(\.name).sorted()
    let refersOut = !table.foreignKeys.isEmpty
    switch (blocking.isEmpty, refersOut) {
    case (false, false):
      return "\(Model.self) cannot be deleted while \(blocking.joined(separator: ", ")) refer to it (delete rule deny)"
    case (true, true):
      return "\(Model.self) refers to a model that does not exist"
    default:
      return "\(Model.self) refers to a model that does not exist, or \(blocking.joined(separator: ", ")) refer to it"
    }
  }
}
