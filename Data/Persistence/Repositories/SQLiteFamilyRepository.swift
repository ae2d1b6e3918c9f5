public import Repositories
import SQLValues
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
    var store: Store?
    let tables = try FamilyTables<Family> { (type) throws(PersistenceError) in
      let (found, table) = try Self.resolve(type, in: container, configuration: configuration)
      guard store.map({ $0 === found }) ?? true else {
        throw .unknownConfiguration("the members of \(Family.name) are not all stored in one configuration; name it")
      }
      store = found
      return table
    }
    guard let store else { throw .invalidSchema("\(Family.name) has no members") }
    try tables.requireEveryMember(among: store.tables.values)
    self.store = store
    members = Family.members
    query = FamilyQuery(shared: tables.shared, members: tables.members, dialect: Store.dialect)
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
      let select = try query.select(descriptor).fragment
      return try store.read { state in
        let statement = try state.connection.statement(select.sql)
        defer { statement.reset() }
        // One reader per member, each decoding the rows of its member by its own columns.
        let readers = query.members.map { ModelReader(statement: statement, table: $0, external: state.external) }
        let decoders = readers.map(\.decoder)
        try statement.bind(select.bindings)
        var found: [Family.Member] = []
        while try statement.step() {
          let position = Int(statement.int64(at: 0))
          found.append(try members[position].read(decoders[position]))
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
      // SQLite's filters are always exact, so SQL always counts.
      guard let count = try query.count(descriptor) else {
        throw PersistenceError.unsupportedQuery("\(Family.name) cannot be counted by SQL")
      }
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

  /// Runs an operation, reporting any failure as a `RepositoryError`.
  private func perform<T>(_ operation: () throws -> T) throws(RepositoryError) -> T {
    do {
      return try operation()
    } catch {
      throw RepositoryError(error, modelName: Family.name)
    }
  }
}
