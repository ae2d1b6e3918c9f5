import Foundation
import SQLValues
import SQLiteCore

/// Reads models from the rows of one prepared statement: the engine's one way to turn rows into
/// models, used by repositories, raw SQL, cursors and migration contexts alike.
///
/// It owns the statement's ``RowDecoder``. The decoder keeps the keyed container it last handed
/// out, which refers back to it; the reader releases that cycle when it goes, so no owner has to.
final class ModelReader {
  /// The statement whose rows are read.
  let statement: Statement
  /// The decoder of the statement's rows.
  let decoder: RowDecoder

  /// A reader of the rows a statement returns from a table.
  init(statement: Statement, table: TableSchema, external: ExternalFiles?) {
    self.statement = statement
    decoder = RowDecoder(statement: statement, table: table, external: external)
  }

  deinit { decoder.reusableContainer = nil }

  /// Binds the values, reads every row as a model, and rewinds the statement.
  ///
  /// - Throws: ``SQLiteError`` if a step fails, ``PersistenceError`` if a row cannot be decoded.
  func readAll<Model: Decodable>(_ type: Model.Type, binding values: [SQLValue]) throws -> [Model] {
    defer { statement.reset() }
    try statement.bind(values)
    // Decoded straight into its place: a model passed through an optional first, or
    // appended to an array here, where the call is not specialized, is copied once more.
    var models = RowCollector<Model>()
    while try statement.step() { try models.append { try decoder.decode(type) } }
    return models.array()
  }

  /// Binds the values, reads every row's primary key as an identifier, and rewinds the
  /// statement: the rows of a query that selects only the key, read without decoding models.
  ///
  /// - Throws: ``SQLiteError`` if a step fails, ``PersistenceError`` if a key cannot be decoded.
  func readIdentifiers<ID: Decodable>(_ type: ID.Type, binding values: [SQLValue]) throws -> [ID] {
    defer { statement.reset() }
    try statement.bind(values)
    var identifiers = RowCollector<ID>()
    while try statement.step() { try identifiers.append { try decoder.identifier(type) } }
    return identifiers.array()
  }

  /// The next row as a model, or `nil` after the last; the statement must be bound.
  @inline(__always)
  func next<Model: Decodable>(_ type: Model.Type) throws -> Model? {
    guard try statement.step() else { return nil }
    return try decoder.decode(type)
  }

  /// The row the statement is on as a model, for a caller that steps it itself.
  @inline(__always)
  func decodeCurrentRow<Model: Decodable>(_ type: Model.Type) throws -> Model {
    try decoder.decode(type)
  }

  /// The identifier of the row the statement is on, as an error names a row.
  var rowIdentifier: String { decoder.rowIdentifier }
}
