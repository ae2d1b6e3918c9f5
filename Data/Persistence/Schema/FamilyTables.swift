/// A ``ModelFamily``'s tables in one store, checked as both engines' family repositories need
/// them: every member declared a member, listed once, and storing each shared attribute as
/// `Shared` declares it under the shared primary key; no table of the store declared a member
/// and left out of the family's list.
struct FamilyTables<Family: ModelFamily> {
  /// The shared attributes as a table named after the family.
  let shared: TableSchema
  /// The members' tables, in the family's order.
  let members: [TableSchema]

  /// The family's tables, each member's as `table` finds it in the store.
  ///
  /// - Throws: ``PersistenceError/invalidSchema(_:)`` naming what does not fit; what `table`
  ///   throws for a member the store does not hold.
  init(table: (any PersistentModel.Type) throws(PersistenceError) -> TableSchema) throws(PersistenceError) {
    guard !Family.members.isEmpty else { throw .invalidSchema("\(Family.name) has no members") }
    var members: [TableSchema] = []
    for member in Family.members {
      guard member.declaredFamily == Family.name else {
        throw .invalidSchema(
          "\(member.type)'s Entity does not declare it a member of \(Family.name): add .member(of: \(Family.name).self)"
        )
      }
      let found = try table(member.type)
      guard !members.contains(where: { $0.name == found.name }) else {
        throw .invalidSchema("\(Family.name) lists \(member.type) twice")
      }
      members.append(found)
    }
    shared = try Self.sharedTable(members)
    self.members = members
  }

  /// Checks that no table of the store is declared a member of the family and left out of its
  /// list.
  ///
  /// - Throws: ``PersistenceError/invalidSchema(_:)`` naming the first such table.
  func requireEveryMember(among storeTables: some Sequence<TableSchema>) throws(PersistenceError) {
    let listed = Set(members.map(\.name))
    if let unlisted = storeTables.filter({ $0.family == Family.name && !listed.contains($0.name) })
      .map(\.name).sorted().first
    {
      throw .invalidSchema("\(unlisted) is declared a member of \(Family.name), which does not list it in its members")
    }
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
}
