import SQLValues
import SQLiteCore

/// Whether a ``ModelFamily``'s identifiers are unique across its members' tables, read without
/// writing: the engine refuses an insert that would break it (``FamilyKeys``), so a key two
/// members hold was written by another program, or by an app that did not list every member.
struct FamilyKeysCheck {
  let tables: [TableSchema]
  let connection: Connection

  /// The most identifiers a problem names; it counts the others.
  static let named = 5

  /// A problem for each pair of member tables that hold one identifier.
  func problems() throws -> [StoreProblem] {
    let families = Dictionary(grouping: tables.filter { $0.family != nil }, by: { $0.family ?? "" })
    var problems: [StoreProblem] = []
    for (family, members) in families.sorted(by: { $0.key < $1.key }) {
      let members = members.sorted { $0.name < $1.name }
      for (position, first) in members.enumerated() {
        for second in members[(position + 1)...] {
          let shared = try keys(heldByBoth: first, second)
          guard !shared.isEmpty else { continue }
          let more = shared.count > Self.named ? " and \(shared.count - Self.named) more" : ""
          problems.append(
            StoreProblem(
              "'\(first.name)' and '\(second.name)', members of the family \(family), both hold the identifiers "
                + shared.prefix(Self.named).joined(separator: ", ") + more))
        }
      }
    }
    return problems
  }

  /// The identifiers both tables hold, as people read them.
  private func keys(heldByBoth first: TableSchema, _ second: TableSchema) throws -> [String] {
    let statement = try connection.statement(
      "SELECT a.\(SQLIdentifier.quote(first.primaryKey)) FROM \(first.quotedName) AS a JOIN \(second.quotedName) AS b "
        + "ON a.\(SQLIdentifier.quote(first.primaryKey)) = b.\(SQLIdentifier.quote(second.primaryKey))")
    defer { statement.reset() }
    var keys: [String] = []
    while try statement.step() { keys.append(statement.value(at: 0).identifierDescription) }
    return keys
  }
}
