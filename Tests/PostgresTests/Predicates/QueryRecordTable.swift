import Foundation
import PostgresCore
import Repositories
import SQLValues
import SQLiteCore

@testable import Persistence

/// A table of ``QueryRecord``s on a PostgreSQL database, in the engine's column types
/// (`ValueKind.postgresType`), written through the PostgreSQL core as the engine binds and
/// converts values (a date as seconds since 2001, a UUID as 16 bytes, a `Bool` as 0 or 1), and
/// queried with the SQL of the PostgreSQL dialect.
struct QueryRecordTable {
  let connection: PostgresConnection
  let table: TableSchema

  /// Creates the table on a new database.
  init() throws {
    connection = try PostgresConnection(url: try PostgresTestServer.makeDatabase())
    guard let model = Schema(QueryRecord.self).models.first else {
      throw PersistenceError.unsupportedQuery("QueryRecord has no entity")
    }
    table = try model.resolve()
    let columns = table.columns.map { column in
      "\(SQLIdentifier.quote(column.name)) \(column.kind.postgresType)\(column.isOptional ? "" : " NOT NULL")"
    }
    // `rowid` keeps the insertion order, which unsorted queries return, as SQLite's does.
    try connection.execute(
      """
      CREATE TABLE \(table.quotedName) (rowid int8 GENERATED ALWAYS AS IDENTITY, \(columns.joined(separator: ", ")),
        PRIMARY KEY (\(SQLIdentifier.quote(table.primaryKey))))
      """)
  }

  /// Inserts records, and returns them as the table reads them back.
  func insert(_ records: [QueryRecord]) throws -> [QueryRecord] {
    let placeholders = table.columns.enumerated().map { index, column in column.kind.postgresWrite("$\(index + 1)") }
    let insert =
      "INSERT INTO \(table.quotedName) (\(table.quotedColumns)) VALUES (\(placeholders.joined(separator: ", ")))"
    for record in records {
      let values = try Self.values(of: record)
      _ = try connection.query(insert, table.columns.map { PostgresValue(values[$0.name] ?? .null) })
    }
    return try readAll()
  }

  /// A record's column values, as the engine binds them.
  private static func values(of record: QueryRecord) throws -> [String: SQLValue] {
    func json(_ value: some Encodable) throws -> SQLValue {
      .text(String(decoding: try JSONEncoder().encode(value), as: UTF8.self))
    }
    return [
      "id": try SQLValue(swiftValue: record.id), "int": try SQLValue(swiftValue: record.int),
      "small": try SQLValue(swiftValue: record.small), "optInt": try SQLValue(swiftValue: record.optInt as Any),
      "double": try SQLValue(swiftValue: record.double), "text": try SQLValue(swiftValue: record.text),
      "optText": try SQLValue(swiftValue: record.optText as Any), "flag": try SQLValue(swiftValue: record.flag),
      "optFlag": try SQLValue(swiftValue: record.optFlag as Any), "date": try SQLValue(swiftValue: record.date),
      "optDate": try SQLValue(swiftValue: record.optDate as Any), "token": try SQLValue(swiftValue: record.token),
      "optToken": try SQLValue(swiftValue: record.optToken as Any), "bytes": try SQLValue(swiftValue: record.bytes),
      "genre": try SQLValue(swiftValue: record.genre), "tags": try json(record.tags), "info": try json(record.info),
    ]
  }

  /// Every record, as stored, in no particular order.
  func readAll() throws -> [QueryRecord] {
    let reads = table.columns.map { column -> String in
      let quoted = SQLIdentifier.quote(column.name)
      switch column.kind {
      case .uuid, .bool: return quoted + "::text"
      case .json: return column.kind.postgresRead(quoted)
      default: return quoted
      }
    }
    let result = try connection.query("SELECT \(reads.joined(separator: ", ")) FROM \(table.quotedName)")
    let index = Dictionary(uniqueKeysWithValues: table.columns.enumerated().map { ($1.name, $0) })
    return try (0..<result.count).map { row in
      func text(_ name: String) -> String? {
        result.text(row: row, column: index[name]!).map(PostgresText.unescaped)
      }
      func integer(_ name: String) -> Int? { result.int64(row: row, column: index[name]!).map(Int.init) }
      func date(_ name: String) -> Date? {
        result.double(row: row, column: index[name]!).map(Date.init(timeIntervalSinceReferenceDate:))
      }
      func uuid(_ name: String) -> UUID? { text(name).flatMap(UUID.init(uuidString:)) }
      func json<T: Decodable>(_ name: String, as type: T.Type) throws -> T {
        try JSONDecoder().decode(type, from: Data(text(name)!.utf8))
      }
      return QueryRecord(
        id: uuid("id")!, int: integer("int")!, small: integer("small")!, optInt: integer("optInt"),
        double: result.double(row: row, column: index["double"]!)!, text: text("text")!, optText: text("optText"),
        flag: text("flag") == "true", optFlag: text("optFlag").map { $0 == "true" }, date: date("date")!,
        optDate: date("optDate"), token: uuid("token")!, optToken: uuid("optToken"),
        bytes: Data(result.bytes(row: row, column: index["bytes"]!)!),
        genre: QueryRecord.Genre(rawValue: text("genre")!)!,
        tags: try json("tags", as: [String].self), info: try json("info", as: QueryRecord.Info.self))
    }
  }

  /// The identifiers a descriptor selects on PostgreSQL, in order: the dialect's query, its rows
  /// checked with the predicate in Swift and paged there when the query is not exact.
  func fetch(_ descriptor: FetchDescriptor<QueryRecord>, stored: [UUID: QueryRecord]) throws -> [UUID] {
    let builder = QueryBuilder(table: table, modelName: "QueryRecord", dialect: PostgresDialect())
    let selection = try builder.selection(descriptor, columns: #""id"::text"#)
    let result = try connection.query(
      PostgresPlaceholders.numbered(selection.fragment.sql), selection.fragment.bindings.map(PostgresValue.init))
    let ids = (0..<result.count).map { UUID(uuidString: result.text(row: $0, column: 0)!)! }
    guard !selection.isExact else { return ids }
    var kept: [UUID] = []
    for id in ids where try descriptor.predicate?.evaluate(stored[id]!) ?? true { kept.append(id) }
    let page = kept.dropFirst(max(descriptor.fetchOffset ?? 0, 0))
    guard let limit = descriptor.fetchLimit, limit >= 0 else { return Array(page) }
    return Array(page.prefix(limit))
  }
}
