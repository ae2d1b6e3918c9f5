import SQLValues
import SQLiteCore

/// Where a store stands against a migration plan: the version it holds, and the tables of models
/// added to that version since the store last recorded its schema, which the next writable open
/// creates.
///
/// A model added to a version is a change the engine derives by itself: the store's record of its
/// schema (``SchemaRecord``) fingerprints exactly the tables the engine made, so a store whose
/// tables still have that fingerprint but lack some of its version's is a store from before those
/// models were added — never one whose tables someone dropped, which changes the fingerprint.
struct StoreStanding: Equatable {
  /// The index of the store's version in the plan.
  let index: Int
  /// The version's tables the store lacks, each of a model added to that version.
  let added: [TableSchema]
}

extension StoreMigrator {
  /// The version a store holds and the tables of models added to it since, refusing a store of a
  /// version the plan does not know, whose tables are not that version's, or that holds a table a
  /// model added to its version would use but that the engine did not create.
  ///
  /// - Throws: ``PersistenceError/cannotOpen(path:reason:)`` saying which.
  func standing(of live: SchemaDescription, record: SchemaRecord?, path: String) throws -> StoreStanding {
    guard let index = try recognizedVersion(of: live, record: record) else {
      throw PersistenceError.cannotOpen(path: path, reason: unrecognized(live, record: record))
    }
    guard let record, record.fingerprint != live.fingerprint else {
      return StoreStanding(index: index, added: try added(to: index, live: live, record: record))
    }
    // The tables changed since the engine recorded them.
    let version = versions[index]
    if let foreign = try foreignTables(in: live, record: record, version: index) {
      let names = try version.modelNames()
      let models = foreign.map { name in names[name].map { "\($0) ('\(name)')" } ?? "'\(name)'" }
      throw PersistenceError.cannotOpen(
        path: path,
        reason:
          "it holds a table the engine did not create with the name of a model of version \(version.number): "
          + "\(models.joined(separator: ", ")); rename or remove that table, or give the model another")
    }
    let expected = try tables(of: index)
    if expected != live {
      let table = live.differingTable(from: expected).map { " (first: table '\($0)')" } ?? ""
      throw PersistenceError.cannotOpen(
        path: path,
        reason:
          "the store's tables differ from those of version \(record.version)\(table) (fingerprint \(live.fingerprint))"
      )
    }
    return StoreStanding(index: index, added: [])
  }

  /// The tables of the version at `index` that a store lacks, when its tables are still those
  /// its record fingerprints (the engine made them all); none otherwise.
  func added(to index: Int, live: SchemaDescription, record: SchemaRecord?) throws -> [TableSchema] {
    guard let record, record.fingerprint == live.fingerprint else { return [] }
    let present = Set(live.tables.map { $0.name.lowercased() })
    return try versions[index].schemas().filter { !present.contains($0.name.lowercased()) }
  }

  /// The description of the tables a store of the version at `index` has while it lacks the
  /// `added` ones.
  func tables(of index: Int, lacking added: [TableSchema]) throws -> SchemaDescription {
    let names = Set(added.map(\.name))
    return SchemaDescription(tables: try tables(of: index).tables.filter { !names.contains($0.name) })
  }

  /// Creates the tables of models added to a store's version, inside the caller's transaction.
  func create(_ added: [TableSchema], on connection: Connection) throws {
    for table in added {
      for statement in table.createStatements { try connection.execute(statement) }
    }
  }

  /// The store's tables named like the version's models that its record does not cover: those
  /// whose removal gives back the fingerprint the engine recorded. `nil` when no such set exists
  /// (the tables changed otherwise), or when the version has too many tables to try every set.
  private func foreignTables(in live: SchemaDescription, record: SchemaRecord, version index: Int) throws -> [String]? {
    let names = Set(try versions[index].schemas().map { $0.name.lowercased() })
    let candidates = live.tables.filter { names.contains($0.name.lowercased()) }.map(\.name)
    // Each set is one fingerprint of a few kilobytes of JSON: 2^12 of them stay well under a second.
    guard !candidates.isEmpty, candidates.count <= 12 else { return nil }
    for mask in 1..<(1 << candidates.count) {
      let removed = Set(candidates.indices.filter { mask & (1 << $0) != 0 }.map { candidates[$0] })
      let rest = SchemaDescription(tables: live.tables.filter { !removed.contains($0.name) })
      if rest.fingerprint == record.fingerprint { return removed.sorted() }
    }
    return nil
  }
}
