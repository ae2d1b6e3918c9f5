import Foundation
import NestedJSON
import SQLValues
import SQLiteCore

/// Decodes models from the rows of one statement (or another engine's rows, see ``RowSource``),
/// reusing its lookups row after row.
///
/// The result columns are indexed by name once; each coding key is then matched
/// by the position at which the model asks for it, so a row costs no dictionary lookups.
final class RowDecoder {
  let source: RowSource
  private let table: TableSchema
  private let indexByName: [String: Int32]
  private let kinds: [ValueKind?]
  // Exclusivity checks are off for the per-key bookkeeping: no access to these properties is
  // held across a call into a model's `init(from:)`, so accesses never overlap.
  @exclusivity(unchecked) private var order: [(name: String, column: Int32)] = []
  @exclusivity(unchecked) private var position = 0
  /// The keyed container handed to the model on the previous row, reused on the next one.
  @exclusivity(unchecked) var reusableContainer: (key: ObjectIdentifier, box: AnyObject)?
  private let json = NestedJSONDecoder()

  private let external: ExternalFiles?
  /// The result columns that hold the names of an attribute's external files, whose files are
  /// not read (see ``namesSuffix``).
  private let namesOnly: Set<Int32>
  /// The table's columns that the statement does not return: their attributes decode as empty
  /// values (see `FetchDescriptor.propertiesToFetch`).
  private let unfetched: Set<String>
  /// The model type being decoded, named in error messages.
  @exclusivity(unchecked) private var modelType: Any.Type = Any.self
  private var modelName: String { "\(modelType)" }
  /// The last model type decoded and, when it reads itself from rows, its ``RowDecodable``
  /// type: a conformance is looked up once per reader, not once per row.
  @exclusivity(unchecked) private var rowPath: (model: ObjectIdentifier, type: (any RowDecodable.Type)?)?

  /// The suffix of a result column's name (`"images:names"`) that returns an externally
  /// stored attribute's file names without asking for the files to be read: the attribute
  /// decodes as one empty value per file.
  static let namesSuffix = ":names"

  /// Creates a decoder for the rows a statement returns from a table.
  convenience init(statement: Statement, table: TableSchema, external: ExternalFiles? = nil) {
    self.init(source: .statement(statement), table: table, external: external)
  }

  /// Creates a decoder for the rows a source returns from a table.
  init(source: RowSource, table: TableSchema, external: ExternalFiles? = nil) {
    self.source = source
    self.table = table
    self.external = external
    var indexByName: [String: Int32] = [:]
    var kinds: [ValueKind?] = []
    var namesOnly = Set<Int32>()
    for column in 0..<source.columnCount {
      var name = source.columnName(column)
      var kind = table.columns.first { $0.name == name }?.kind
      if kind == nil, name.hasSuffix(Self.namesSuffix) {
        let attribute = String(name.dropLast(Self.namesSuffix.count))
        if table.columns.contains(where: { $0.name == attribute && $0.kind == .external }) {
          name = attribute
          kind = .external
          namesOnly.insert(column)
        }
      }
      indexByName[name] = column
      kinds.append(kind)
    }
    self.indexByName = indexByName
    self.kinds = kinds
    self.namesOnly = namesOnly
    unfetched = Set(table.columns.map(\.name).filter { indexByName[$0] == nil })
  }

  /// Decodes the statement's current row.
  ///
  /// - Throws: ``PersistenceError/invalidValue(_:)`` if a column is missing or holds a value
  ///   of the wrong type; ``PersistenceError/unreadableFile(_:)`` naming the model and its
  ///   identifier if an external file it needs is missing or unreadable.
  func decode<Model: Decodable>(_ type: Model.Type) throws(PersistenceError) -> Model {
    position = 0
    modelType = Model.self
    do {
      if let rowType = rowDecodableType(of: Model.self) { return try decode(rowType, as: Model.self) }
      return try Model(from: RowDecoding(decoder: self))
    } catch let error as PersistenceError {
      throw error
    } catch {
      throw .invalidValue("a row of \(table.name) cannot be decoded as \(Model.self): \(error)")
    }
  }

  /// The model's ``RowDecodable`` conformance, if it has one.
  @inline(__always)
  private func rowDecodableType<Model>(of type: Model.Type) -> (any RowDecodable.Type)? {
    let identifier = ObjectIdentifier(type)
    if let rowPath, rowPath.model == identifier { return rowPath.type }
    let found = type as? any RowDecodable.Type
    rowPath = (identifier, found)
    return found
  }

  /// A model that reads itself from the row; `Row` is `Model`, as found by
  /// ``rowDecodableType(of:)``, so the cast between them is the identity.
  private func decode<Row: RowDecodable, Model>(_ rowType: Row.Type, as model: Model.Type) throws -> Model {
    unsafeBitCast(try Row(row: StoredRow(decoder: self)), to: Model.self)
  }

  /// The current row's primary key, read as the model's identifier type: a statement that
  /// selects only that column (`fetchIdentifiers`) decodes no model.
  ///
  /// - Throws: ``PersistenceError/invalidValue(_:)`` if the column is missing or its value does
  ///   not decode as `ID`.
  func identifier<ID: Decodable>(_ type: ID.Type) throws(PersistenceError) -> ID {
    position = 0
    do {
      return try value(ID.self, for: AttributeKey(table.primaryKey))
    } catch let error as PersistenceError {
      throw error
    } catch {
      throw .invalidValue("the key of a row of \(table.name) cannot be decoded as \(ID.self): \(error)")
    }
  }

  /// The current row's identifier as people read it.
  var rowIdentifier: String {
    indexByName[table.primaryKey].map { source.value(at: $0).identifierDescription } ?? "?"
  }

  // MARK: Reading values

  /// The result column of a key, or `nil` if the row has none.
  @inline(__always)
  func column(for key: some CodingKey) -> Int32? {
    let name = key.stringValue
    if position < order.count, order[position].name == name {
      position += 1
      return order[position - 1].column
    }
    // `decodeIfPresent` asks about the same key several times in a row.
    if position > 0, position <= order.count, order[position - 1].name == name {
      return order[position - 1].column
    }
    guard let column = indexByName[name] else { return nil }
    if position == order.count { order.append((name, column)) } else { order[position] = (name, column) }
    position += 1
    return column
  }

  func requireColumn(for key: some CodingKey) throws(PersistenceError) -> Int32 {
    guard let column = column(for: key) else {
      throw .invalidValue("\(table.name) has no column '\(key.stringValue)'")
    }
    return column
  }

  /// The result column of a key, or `nil` for an attribute the statement does not fetch.
  ///
  /// - Throws: ``PersistenceError/invalidValue(_:)`` for a key the table has no column for.
  @inline(__always)
  func fetchedColumn(for key: some CodingKey) throws(PersistenceError) -> Int32? {
    if let column = column(for: key) { return column }
    guard unfetched.contains(key.stringValue) else {
      throw .invalidValue("\(table.name) has no column '\(key.stringValue)'")
    }
    return nil
  }

  func isNull(_ key: some CodingKey) -> Bool {
    guard let column = column(for: key) else { return true }
    if case .null = source.storageClass(at: column) { return true }
    return false
  }

  func mismatch(_ key: some CodingKey, expected: String, column: Int32) -> PersistenceError {
    .invalidValue("\(table.name).\(key.stringValue) holds \(source.storageClass(at: column)), not \(expected)")
  }

  /// Reads an integer column, which must hold an integer.
  func int64(for key: some CodingKey) throws(PersistenceError) -> Int64 {
    guard let column = try fetchedColumn(for: key) else { return 0 }
    guard case .integer = source.storageClass(at: column) else {
      throw mismatch(key, expected: "an integer", column: column)
    }
    return source.int64(at: column)
  }

  /// Reads an integer column as a narrower or unsigned type, checking its range.
  ///
  /// Callers pass concrete types, so each use is specialized; `Int` and `Int64` skip the check
  /// entirely (see ``RowKeyedDecodingContainer``).
  @inline(__always)
  func integer<T: FixedWidthInteger>(_ type: T.Type, for key: some CodingKey) throws(PersistenceError) -> T {
    let value = try int64(for: key)
    guard let result = T(exactly: value) else {
      throw .invalidValue("\(table.name).\(key.stringValue) holds \(value), out of range for \(T.self)")
    }
    return result
  }

  func real(for key: some CodingKey) throws(PersistenceError) -> Double {
    guard let column = try fetchedColumn(for: key) else { return 0 }
    return try real(at: column, key)
  }

  private func real(at column: Int32, _ key: some CodingKey) throws(PersistenceError) -> Double {
    switch source.storageClass(at: column) {
    case .real, .integer: return source.double(at: column)
    default: throw mismatch(key, expected: "a number", column: column)
    }
  }

  func text(for key: some CodingKey) throws(PersistenceError) -> String {
    guard let column = try fetchedColumn(for: key) else { return "" }
    return try text(at: column, key)
  }

  private func text(at column: Int32, _ key: some CodingKey) throws(PersistenceError) -> String {
    guard case .text = source.storageClass(at: column) else {
      throw mismatch(key, expected: "text", column: column)
    }
    return source.text(at: column)
  }

  func bool(for key: some CodingKey) throws(PersistenceError) -> Bool {
    try integer(Int64.self, for: key) != 0
  }

  func blob(for key: some CodingKey) throws(PersistenceError) -> Data {
    guard let column = try fetchedColumn(for: key) else { return Data() }
    return try blob(at: column, key)
  }

  private func blob(at column: Int32, _ key: some CodingKey) throws(PersistenceError) -> Data {
    guard case .blob = source.storageClass(at: column) else {
      throw mismatch(key, expected: "a blob", column: column)
    }
    return source.data(at: column)
  }

  private func uuid(at column: Int32, _ key: some CodingKey) throws(PersistenceError) -> UUID {
    guard let uuid = source.uuid(at: column) else {
      throw mismatch(key, expected: "a 16-byte UUID", column: column)
    }
    return uuid
  }

  /// Decodes a value that is not a primitive: dates, UUIDs, data and URLs from their natural
  /// columns, JSON columns through the JSON decoder, raw-value enums from their raw value.
  ///
  /// The column's kind, fixed by the schema, picks the path; checking the type is then one
  /// metatype comparison, with no dynamic cast on the common paths.
  func value<T: Decodable>(_ type: T.Type, for key: some CodingKey) throws -> T {
    guard let column = try fetchedColumn(for: key) else { return try emptyValue(T.self, for: key) }
    switch kinds[Int(column)] {
    case .date where T.self == Date.self:
      return unsafeBitCast(Date(timeIntervalSinceReferenceDate: try real(at: column, key)), to: T.self)
    case .uuid where T.self == UUID.self:
      return unsafeBitCast(try uuid(at: column, key), to: T.self)
    case .blob where T.self == Data.self:
      return unsafeBitCast(try blob(at: column, key), to: T.self)
    case .url where T.self == URL.self:
      let text = try text(at: column, key)
      guard let url = URL(string: text) else {
        throw PersistenceError.invalidValue("\(table.name).\(key.stringValue) holds '\(text)', not a URL")
      }
      return unsafeBitCast(url, to: T.self)
    case .external:
      guard let external else {
        throw PersistenceError.invalidValue(
          "\(table.name).\(key.stringValue) is stored externally, but the store has no folder for it")
      }
      if T.self == [Data].self, case .text = source.storageClass(at: column),
        source.withBytes(at: column, { $0.count == 2 && $0[0] == UInt8(ascii: "[") && $0[1] == UInt8(ascii: "]") })
      {
        return unsafeBitCast([Data](), to: T.self)  // No files: the common case, read without a string.
      }
      let stored = try text(at: column, key)
      let names = ExternalNames.parse(stored)
      // Names only: one empty value per file, none of them read.
      let read = { (name: String) throws(PersistenceError) -> Data in
        guard !self.namesOnly.contains(column) else { return Data() }
        return try self.readFile(name, from: external)
      }
      if T.self == Data.self, names.count == 1 { return unsafeBitCast(try read(names[0]), to: T.self) }
      if T.self == [Data].self {
        return unsafeBitCast(try names.map { (name) throws(PersistenceError) in try read(name) }, to: T.self)
      }
      throw PersistenceError.invalidValue(
        "\(table.name).\(key.stringValue) is stored externally; it reads as Data or [Data], not \(T.self)")
    case .json, nil:
      guard case .text = source.storageClass(at: column) else {
        throw mismatch(key, expected: "JSON text", column: column)
      }
      do {
        return try source.withBytes(at: column) { bytes in try json.decode(T.self, from: bytes) }
      } catch {
        throw PersistenceError.invalidValue("\(table.name).\(key.stringValue) holds JSON that cannot be read: \(error)")
      }
    default:
      return try T(from: ColumnDecoding(decoder: self, key: key))
    }
  }

  /// Reads an external file, naming the model and its identifier if it cannot be read.
  private func readFile(_ name: String, from external: ExternalFiles) throws(PersistenceError) -> Data {
    do {
      return try external.read(name)
    } catch .unreadableFile(let reason) {
      throw .unreadableFile("\(modelName) \(rowIdentifier): \(reason)")
    } catch {
      throw error
    }
  }

  /// The value an attribute that was not fetched holds: `nil` (handled by `decodeNil`), zero,
  /// `false`, an empty string, empty data, an empty collection, or the reference date.
  ///
  /// - Throws: ``PersistenceError/invalidValue(_:)`` for a type with no empty value.
  private func emptyValue<T: Decodable>(_ type: T.Type, for key: some CodingKey) throws -> T {
    if T.self == Date.self { return unsafeBitCast(Date(timeIntervalSinceReferenceDate: 0), to: T.self) }
    if T.self == UUID.self { return unsafeBitCast(UUID(uuid: nilUUIDBytes), to: T.self) }
    if T.self == Data.self { return unsafeBitCast(Data(), to: T.self) }
    // Each attempt asks whether the type has such an empty value; a type with none is
    // reported below with what to do.
    if let value = try? T(from: ColumnDecoding(decoder: self, key: key)) { return value }
    for empty in ["[]", "{}"] {
      if let value = try? Array(empty.utf8).withUnsafeBytes({ try json.decode(T.self, from: $0) }) { return value }
    }
    throw PersistenceError.invalidValue(
      "\(modelName).\(key.stringValue) was not fetched and a \(T.self) has no empty value; fetch it")
  }
}

/// The bytes of the nil UUID.
private let nilUUIDBytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
