public import Repositories
import SQLiteCore

/// A `FamilyRepository` (Repositories) of a ``ModelFamily``'s members stored in SQLite: every
/// member's models in one query, filtered and sorted on the attributes they share.
///
/// Each member keeps its own table (and its own ``SQLiteRepository`` for everything else);
/// the family fetch reads the tables as one `UNION ALL` and returns each model as the family's
/// `Member`:
///
/// <!-- snippet context: tripstore -->
/// ```swift
/// let trips = try SQLiteFamilyRepository<TripFamily>(container: container)
/// let soon: [any Trip] = try await trips.fetch(
///   FetchDescriptor(predicate: #Predicate { $0.startDate < deadline }, sortBy: [SortDescriptor(\.startDate)]))
/// let business = try await SQLiteRepository<BusinessTrip>(container: container).fetch(
///   FetchDescriptor(predicate: #Predicate { $0.company == "Acme" }))
/// ```
public struct SQLiteFamilyRepository<Family: ModelFamily>: FamilyRepository {
  private let store: Store
  private let query: FamilyQuery
  private let members: [FamilyMember<Family>]

  /// Creates the family's repository on the configuration of a container that stores its
  /// members.
  ///
  /// - Throws: ``PersistenceError/unknownConfiguration(_:)`` if no configuration (or not one
  ///   configuration) stores every member; ``PersistenceError/invalidSchema(_:)`` if a member's
  ///   ``Entity`` does not declare it a member of the family, a member lacks a shared
  ///   attribute or stores it otherwise, or the store's schema has a member the family does
  ///   not list.
  public init(container: ModelContainer, configuration: String? = nil) throws(PersistenceError) {
    members = Family.members
    guard !members.isEmpty else { throw .invalidSchema("\(Family.name) has no members") }
    var store: Store?
    var tables: [TableSchema] = []
    for member in members {
      guard member.declaredFamily == Family.name else {
        throw .invalidSchema(
          "\(member.type)'s Entity does not declare it a member of \(Family.name): add .member(of: \(Family.name).self)"
        )
      }
      let (found, table) = try Self.resolve(member.type, in: container, configuration: configuration)
      guard store.map({ $0 === found }) ?? true else {
        throw .unknownConfiguration("the members of \(Family.name) are not all stored in one configuration; name it")
      }
      guard !tables.contains(where: { $0.name == table.name }) else {
        throw .invalidSchema("\(Family.name) lists \(member.type) twice")
      }
      store = found
      tables.append(table)
    }
    guard let store else { throw .invalidSchema("\(Family.name) has no members") }
    let listed = Set(tables.map(\.name))
    if let unlisted = store.tables.values.filter({ $0.family == Family.name && !listed.contains($0.name) })
      .map(\.name).sorted().first
    {
      throw .invalidSchema("\(unlisted) is declared a member of \(Family.name), which does not list it in its members")
    }
    let shared = try Self.sharedTable(tables)
    self.store = store
    query = FamilyQuery(shared: shared, members: tables)
  }

  /// Returns the models of every member that a descriptor on the shared attributes matches,
  /// in its order, each as the family's `Member`, read in one query and one read transaction.
  /// Every attribute is read: `propertiesToFetch` names shared attributes only, and each model
  /// is returned whole.
  ///
  /// - Throws: `RepositoryError.unsupportedQuery` naming what the shared attributes cannot
  ///   answer; `RepositoryError` if the store cannot be read or a row cannot be decoded.
  public func fetch(_ descriptor: FetchDescriptor<Family.Shared>) async throws -> [Family.Member] {
    try perform {
      let select = try query.select(descriptor)
      return try store.read { state in
        let statement = try state.connection.statement(select.sql)
        defer { statement.reset() }
        // One reader per member, each decoding the rows of its member by its own columns.
        let readers = query.members.map { ModelReader(statement: statement, table: $0, external: state.external) }
        try statement.bind(select.bindings)
        var found: [Family.Member] = []
        while try statement.step() {
          let position = Int(statement.int64(at: 0))
          found.append(try members[position].read(readers[position]))
        }
        return found
      }
    }
  }

  /// Returns how many models of every member a descriptor matches, after its position if it
  /// has one, within its limit and offset.
  ///
  /// - Throws: as ``fetch(_:)`` does.
  public func fetchCount(_ descriptor: FetchDescriptor<Family.Shared>) async throws -> Int {
    try perform {
      let count = try query.count(descriptor)
      return try store.read { state in
        let statement = try state.connection.statement(count.sql)
        defer { statement.reset() }
        try statement.bind(count.bindings)
        _ = try statement.step()
        return Int(statement.int64(at: 0))
      }
    }
  }

  /// Checks that a descriptor can be translated to SQL, without running it.
  ///
  /// - Throws: ``PersistenceError/unsupportedQuery(_:)`` naming the first expression or sort
  ///   the shared attributes cannot answer.
  public func validate(_ descriptor: FetchDescriptor<Family.Shared>) throws(PersistenceError) {
    _ = try query.select(descriptor)
  }

  /// The store and table of a member.
  private static func resolve<Model: PersistentModel>(
    _ type: Model.Type, in container: ModelContainer, configuration: String?
  ) throws(PersistenceError) -> (Store, TableSchema) {
    try container.store(for: type, configuration: configuration)
  }

  /// The shared attributes as a table, each checked against every member's: the same name,
  /// kind and optionality, and the shared `id` every member's primary key.
  private static func sharedTable(_ members: [TableSchema]) throws(PersistenceError) -> TableSchema {
    let shared = try TableSchema(name: Family.name, columns: try SchemaProbe.columns(of: Family.Shared.self))
    for member in members {
      guard member.primaryKey == shared.primaryKey else {
        throw .invalidSchema(
          "\(member.name)'s primary key is '\(member.primaryKey)', not the shared '\(shared.primaryKey)' of \(Family.name)"
        )
      }
      for column in shared.columns where !member.columns.contains(column) {
        throw .invalidSchema(
          "\(member.name) does not store \(Family.name)'s shared attribute '\(column.name)' as \(Family.Shared.self) does"
        )
      }
      for reserved in [FamilyQuery.memberColumn, FamilyQuery.rowColumn] where member.columnIndex(named: reserved) != nil
      {
        throw .invalidSchema("\(member.name) has an attribute named '\(reserved)', which a family fetch uses itself")
      }
    }
    return shared
  }

  /// Runs an operation, reporting any failure as a `RepositoryError`.
  private func perform<T>(_ operation: () throws -> T) throws(RepositoryError) -> T {
    do {
      return try operation()
    } catch {
      throw RepositoryError(error, modelName: Family.name)
    }
  }
}
