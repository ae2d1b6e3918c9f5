import Foundation
import NestedJSON
import PostgresCore
public import Repositories
import SQLValues

extension PostgresRepository {
  /// Returns the models that match a descriptor, in its sort order (ties in identifier order;
  /// unsorted, in the order they were stored).
  ///
  /// - Throws: `RepositoryError.unsupportedQuery` if the predicate or a sort cannot be run.
  public func fetch(_ descriptor: FetchDescriptor<Model>) async throws -> [Model] {
    let query = try query(descriptor, columns: definition.selectColumns)
    return try await perform { connection in try fetch(query, descriptor, on: connection) }
  }

  /// The models a query of a descriptor returns, checked and paged when its filter only
  /// narrows.
  func fetch(
    _ query: PostgresQuery<Model>, _ descriptor: FetchDescriptor<Model>, on connection: PostgresConnection
  ) throws -> [Model] {
    let models = try definition.models(Model.self, in: try connection.run(query.fragment.sql, query.fragment.bindings))
    return try query.page(of: models, descriptor)
  }

  /// Returns the identifiers of the models that match a descriptor, in its order, reading
  /// only the key when the filter is exact.
  public func fetchIdentifiers(_ descriptor: FetchDescriptor<Model>) async throws -> [Model.ID] {
    let key = definition.table.columns[definition.table.primaryKeyIndex]
    let keyColumn = "\(key.kind.postgresRead(SQLIdentifier.quote(key.name))) AS \(SQLIdentifier.quote(key.name))"
    let query = try query(descriptor, columns: keyColumn)
    guard query.isExact else { return try await fetch(descriptor).map(\.id) }
    return try await perform { connection in
      try definition.identifiers(Model.ID.self, in: try connection.run(query.fragment.sql, query.fragment.bindings))
    }
  }

  /// Returns the model with an identifier, or `nil`.
  public func fetch(id: Model.ID) async throws -> Model? {
    try await fetch(ids: [id]).first
  }

  /// Returns the models with these identifiers that are stored, in the order of `ids`
  /// (an identifier listed twice, once).
  public func fetch(ids: [Model.ID]) async throws -> [Model] {
    guard !ids.isEmpty else { return [] }
    let keys = try keyList(ids)
    let found = try await perform { connection in
      try definition.models(Model.self, in: try connection.query(statements.selectByIDs, [keys]))
    }
    var byKey: [String: Model] = [:]
    for model in found { byKey[String(describing: model.id)] = model }
    var seen = Set<String>()
    return ids.compactMap { id in
      let key = String(describing: id)
      guard seen.insert(key).inserted else { return nil }
      return byKey[key]
    }
  }

  /// Returns how many models match a descriptor, counted by the server when the filter is
  /// exact.
  public func fetchCount(_ descriptor: FetchDescriptor<Model>) async throws -> Int {
    try await perform { connection in try count(descriptor, on: connection) }
  }

  /// How many models match a descriptor, counted by the server when the filter is exact.
  func count(_ descriptor: FetchDescriptor<Model>, on connection: PostgresConnection) throws -> Int {
    let exact = try query(descriptor, columns: "1")
    guard exact.isExact else {
      return try fetch(try query(descriptor, columns: definition.selectColumns), descriptor, on: connection).count
    }
    let result = try connection.run(
      "SELECT count(*) FROM (\(exact.fragment.sql)) AS matching", exact.fragment.bindings)
    return Int(result.int64(row: 0, column: 0) ?? 0)
  }

  // MARK: Helpers

  /// The query of a descriptor on the table.
  func query(_ descriptor: FetchDescriptor<Model>, columns: String) throws(RepositoryError) -> PostgresQuery<Model> {
    do {
      return try PostgresQuery(descriptor, columns: columns, on: definition, neighbours: store.tables)
    } catch {
      throw RepositoryError(error, modelName: "\(Model.self)")
    }
  }

  /// Identifiers as one parameter: a JSON array of their stored values (UUIDs as hex), which
  /// ``PostgresStatements`` reads back as the key's type.
  ///
  /// - Throws: `RepositoryError.unsupportedQuery` for a key that is not an integer, text or UUID.
  func keyList(_ ids: [Model.ID]) throws(RepositoryError) -> PostgresValue {
    var texts: [String] = []
    var integers: [Int64] = []
    for id in ids {
      switch try keyValue(id) {
      case .integer(let value): integers.append(value)
      case .text(let value): texts.append(value)
      case .bytes(let bytes) where bytes.count == 16:
        texts.append(Hexadecimal.text(of: bytes, upperCase: false))
      default:
        throw .unsupportedQuery("\(Model.self)'s identifiers cannot be looked up in a list on PostgreSQL")
      }
    }
    var buffer: [UInt8] = []
    do {
      if integers.isEmpty {
        try NestedJSONEncoder().encode(texts.map(TextNormalization.nfc), into: &buffer)
      } else {
        try NestedJSONEncoder().encode(integers, into: &buffer)
      }
    } catch {
      throw .invalidValue("the identifiers cannot be written as JSON: \(error)")
    }
    return .text(String(decoding: buffer, as: UTF8.self))
  }
}
