import Foundation
import PostgresCore
public import Repositories
import SQLValues

/// A `FamilyRepository` (Repositories) of a ``ModelFamily``'s members stored on PostgreSQL:
/// every member's models in one query, filtered and sorted on the attributes they share, as
/// ``SQLiteFamilyRepository`` reads them from a file.
///
/// Each member keeps its own table (and its own ``PostgresRepository`` for everything else);
/// the family fetch reads the tables as one `UNION ALL` and returns each model as the family's
/// `Member`. A member's identifier is unique across the family: the store keeps the members'
/// keys in one table of the family's (see ``PostgresStore``), so two processes inserting one
/// identifier into two members at once cannot both succeed.
///
/// <!-- snippet context: tripstore -->
/// ```swift
/// let store = try await PostgresStore(url: url, for: [BusinessTrip.self, PersonalTrip.self])
/// let trips = try PostgresFamilyRepository<TripFamily>(store: store)
/// let soon: [any Trip] = try await trips.fetch(
///   FetchDescriptor(predicate: #Predicate { $0.startDate < deadline }, sortBy: [SortDescriptor(\.startDate)]))
/// ```
public struct PostgresFamilyRepository<Family: ModelFamily>: FamilyRepository {
  private let store: PostgresStore
  private let query: FamilyQuery
  private let members: [FamilyMember<Family>]

  /// Creates the family's repository on a store that holds its members.
  ///
  /// - Throws: ``PersistenceError/unknownConfiguration(_:)`` if the store does not hold every
  ///   member; ``PersistenceError/invalidSchema(_:)`` if a member's ``Entity`` does not declare
  ///   it a member of the family, a member lacks a shared attribute or stores it otherwise, or
  ///   the store has a member the family does not list.
  public init(store: PostgresStore) throws(PersistenceError) {
    let tables = try FamilyTables<Family> { (type) throws(PersistenceError) in try Self.table(of: type, in: store) }
    try tables.requireEveryMember(among: Array(store.tables.values))
    self.store = store
    members = Family.members
    query = FamilyQuery(shared: tables.shared, members: tables.members, dialect: PostgresDialect())
  }

  /// Returns the models of every member that a descriptor on the shared attributes matches,
  /// in its order, each as the family's `Member`, read in one query. Every attribute is read:
  /// `propertiesToFetch` names shared attributes only, and each model is returned whole.
  ///
  /// - Throws: `RepositoryError.unsupportedQuery` naming what the shared attributes cannot
  ///   answer; `RepositoryError` if the store cannot be read or a row cannot be decoded.
  public func fetch(_ descriptor: FetchDescriptor<Family.Shared>) async throws -> [Family.Member] {
    let select = try perform { () throws(PersistenceError) in try query.select(descriptor) }
    return try await run { connection in
      let result = try connection.run(select.fragment.sql, select.fragment.bindings)
      let rows = try decode(result, withShared: !select.isExact)
      return select.isExact ? rows.map(\.member) : try page(of: rows, descriptor)
    }
  }

  /// Returns how many models of every member a descriptor matches, after its position if it
  /// has one, within its limit and offset; counted by the server when the filter is exact.
  ///
  /// - Throws: as ``fetch(_:)`` does.
  public func fetchCount(_ descriptor: FetchDescriptor<Family.Shared>) async throws -> Int {
    guard let count = try perform({ () throws(PersistenceError) in try query.count(descriptor) }) else {
      return try await fetch(descriptor).count
    }
    return try await run { connection in
      Int(try connection.run(count.sql, count.bindings).int64(row: 0, column: 0) ?? 0)
    }
  }

  /// Checks that a descriptor can be translated to SQL, without running it.
  ///
  /// - Throws: ``PersistenceError/unsupportedQuery(_:)`` naming the first expression or sort
  ///   the shared attributes cannot answer.
  public func validate(_ descriptor: FetchDescriptor<Family.Shared>) throws(PersistenceError) {
    _ = try query.select(descriptor)
  }

  /// Each row of a family query's result as its member's model, with its shared attributes
  /// when asked for (to check a filter that only narrows).
  private func decode(
    _ result: PostgresResult, withShared: Bool
  ) throws -> [(member: Family.Member, shared: Family.Shared?)] {
    // One row and decoder per member, each reading its member's columns by their names.
    let rows = query.members.map { ValueRow(names: $0.columns.map(\.name)) }
    let decoders = zip(rows, query.members).map { RowDecoder(source: .values($0), table: $1) }
    // A decoder keeps the container it last handed out, which refers back to it.
    defer { for decoder in decoders { decoder.reusableContainer = nil } }
    var found: [(member: Family.Member, shared: Family.Shared?)] = []
    found.reserveCapacity(result.count)
    for index in 0..<result.count {
      let position = Int(result.int64(row: index, column: 0) ?? -1)
      guard members.indices.contains(position) else {
        throw PersistenceError.invalidValue("a row of \(Family.name) names no member")
      }
      for (column, source) in query.memberResultColumns[position].enumerated() {
        rows[position].values[column] = try result.sqlValue(row: index, column: source)
      }
      let member = try members[position].read(decoders[position])
      found.append((member, withShared ? try decoders[position].decode(Family.Shared.self) : nil))
    }
    return found
  }

  /// The models a descriptor wants of the rows of a query whose filter only narrows: those
  /// its predicate matches by their shared attributes, then its page.
  private func page(
    of rows: [(member: Family.Member, shared: Family.Shared?)], _ descriptor: FetchDescriptor<Family.Shared>
  ) throws -> [Family.Member] {
    var matching = rows
    if let predicate = descriptor.predicate {
      matching = try matching.filter { row in try row.shared.map(predicate.evaluate) ?? false }
    }
    return PostgresQuery<Family.Shared>.window(of: matching, descriptor).map(\.member)
  }

  /// The table of a member's model type in the store.
  private static func table<Model: PersistentModel>(
    of type: Model.Type, in store: PostgresStore
  ) throws(PersistenceError) -> TableSchema {
    try store.definition(of: type).table
  }

  /// Runs a read on a connection of the store's pool, reporting any failure as a
  /// `RepositoryError`.
  private func run<T: Sendable>(_ body: (PostgresConnection) throws -> T) async throws(RepositoryError) -> T {
    do {
      return try await BlockingWork.run(on: store.pool, transaction: false, body)
    } catch {
      throw RepositoryError(error, modelName: Family.name)
    }
  }

  /// Runs an operation, reporting any failure as a `RepositoryError`.
  private func perform<T>(_ operation: () throws(PersistenceError) -> T) throws(RepositoryError) -> T {
    do {
      return try operation()
    } catch {
      throw RepositoryError(error, modelName: Family.name)
    }
  }
}
