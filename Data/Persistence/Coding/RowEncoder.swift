import Foundation
import NestedJSON
import SQLValues
package import SQLiteCore

/// Encodes models into the parameters of one statement, reusing its buffers row after row.
///
/// Each coding key is resolved to its column once: keys arrive in the same order for every
/// row, so after the first row a key is matched by its position and one string comparison.
/// Text and blobs are gathered into one byte buffer per row and bound without copies
/// (`SQLITE_STATIC`), valid until the statement has stepped.
package final class RowEncoder {
  let table: TableSchema
  private let indexByName: [String: Int]
  // Exclusivity checks are off for the per-row state: no access to these properties is held
  // across a call into a model's `encode(to:)`, so accesses never overlap.
  @exclusivity(unchecked) private var order: [Int] = []
  @exclusivity(unchecked) private var position = 0
  @exclusivity(unchecked) private(set) var slots: [BorrowedValue]
  @exclusivity(unchecked) private(set) var bytes: [UInt8] = []
  @exclusivity(unchecked) private var failure: PersistenceError?
  private let json = NestedJSONEncoder(normalizingText: TextNormalization.nfc)

  private let external: ExternalFiles?
  /// The connection whose transaction lists the external files written, in the manifest.
  private let connection: Connection?
  /// The columns whose external files are written; `nil` for every column. The others are
  /// left out of the statement, so their files need not be read or written.
  @exclusivity(unchecked) private var externalColumns: Set<Int>?

  /// Creates an encoder for a table's columns; parameter `i + 1` receives column `i`.
  init(table: TableSchema, external: ExternalFiles? = nil, connection: Connection? = nil) {
    self.table = table
    self.external = external
    self.connection = connection
    indexByName = Dictionary(uniqueKeysWithValues: table.columns.enumerated().map { ($1.name, $0) })
    slots = Array(repeating: .null, count: table.columns.count)
    bytes.reserveCapacity(1024)
    bytes.append(0)
  }

  /// Encodes one model into the slots, replacing the previous row.
  ///
  /// - Throws: ``PersistenceError/invalidValue(_:)`` for a value that cannot be stored.
  package func encode<Model: Encodable>(_ model: Model) throws(PersistenceError) {
    try encode(model, columns: nil)
  }

  /// Encodes one model for a statement that writes only some `columns` (by index): the
  /// external files of the others are not written.
  ///
  /// - Throws: ``PersistenceError/invalidValue(_:)`` for a value that cannot be stored.
  func encode<Model: Encodable>(_ model: Model, columns: Set<Int>?) throws(PersistenceError) {
    externalColumns = columns
    for index in slots.indices { slots[index] = .null }
    bytes.removeAll(keepingCapacity: true)
    // A leading byte keeps every pointer into the buffer non-null, so empty text and empty
    // blobs bind as empty values rather than NULL.
    bytes.append(0)
    position = 0
    failure = nil
    do {
      try model.encode(to: RowEncoding(encoder: self))
    } catch let error as PersistenceError {
      throw error
    } catch {
      throw .invalidValue("\(Model.self) cannot be encoded: \(error)")
    }
    if let failure { throw failure }
  }

  /// Binds the encoded row to a statement, steps it once and resets it.
  ///
  /// - Throws: ``SQLiteError`` if a bind or the step fails.
  package func run(_ statement: Statement) throws(SQLiteError) {
    _ = try run(statement) { _ in () }
  }

  /// Binds the encoded row to a statement, steps it once, and passes the row it returns (a
  /// `RETURNING` clause's) to `read` before resetting it.
  ///
  /// - Returns: what `read` returned, or `nil` when the statement returned no row.
  /// - Throws: ``SQLiteError`` if a bind or the step fails.
  package func run<T>(_ statement: Statement, reading read: (Statement) -> T) throws(SQLiteError) -> T? {
    try statement.step(binding: slots, in: bytes, reading: read)
  }

  // MARK: Storing values

  /// The column of a key, or `nil` (recording a failure) if the table has none.
  @inline(__always)
  func column(for key: some CodingKey) -> Int? {
    let name = key.stringValue
    if position < order.count {
      let column = order[position]
      if table.columns[column].name == name {
        position += 1
        return column
      }
    }
    guard let column = indexByName[name] else {
      failure = .invalidValue("\(table.name) has no column for the coding key '\(name)'")
      return nil
    }
    if position == order.count { order.append(column) } else { order[position] = column }
    position += 1
    return column
  }

  @inline(__always)
  func store(_ slot: BorrowedValue, for key: some CodingKey) {
    guard let column = column(for: key) else { return }
    slots[column] = slot
  }

  func storeText(_ value: String, for key: some CodingKey) {
    guard let column = column(for: key) else { return }
    storeText(value, at: column)
  }

  func storeReal(_ value: Double, for key: some CodingKey) {
    guard let column = column(for: key) else { return }
    storeReal(value, at: column)
  }

  func storeInteger<T: BinaryInteger>(_ value: T, for key: some CodingKey) {
    guard let column = column(for: key) else { return }
    storeInteger(value, at: column)
  }

  /// Stores a value of a type that is not a primitive: dates, UUIDs, data and URLs in their
  /// natural column, raw-value enums as their raw value, anything else as JSON text.
  ///
  /// The column's kind, fixed by the schema, picks the path; checking the type is then one
  /// metatype comparison, with no dynamic cast on the common paths.
  func storeValue<T: Encodable>(_ value: T, for key: some CodingKey) {
    guard let column = column(for: key) else { return }
    switch table.columns[column].kind {
    case .date where T.self == Date.self:
      storeReal(unsafeBitCast(value, to: Date.self).timeIntervalSinceReferenceDate, at: column)
    case .uuid where T.self == UUID.self:
      withUnsafeBytes(of: unsafeBitCast(value, to: UUID.self).uuid) { storeBytes($0, at: column) }
    case .blob where T.self == Data.self:
      storeBytes(unsafeBitCast(value, to: Data.self), at: column)
    case .url where T.self == URL.self:
      storeText(unsafeBitCast(value, to: URL.self).absoluteString, at: column)
    case .json:
      storeJSON(value, at: column)
    case .external:
      storeExternal(value, at: column)
    default:
      storeOther(value, at: column)
    }
  }

  /// Writes `Data` or `[Data]` to external files, synced before the row commits, and stores
  /// their names.
  private func storeExternal<T: Encodable>(_ value: T, at column: Int) {
    if let externalColumns, !externalColumns.contains(column) { return }
    let name = table.columns[column].name
    guard let external, let connection else {
      failure = .invalidValue("'\(name)' is declared with external storage, but the store has no folder for it")
      return
    }
    do {
      if T.self == Data.self {
        storeText(try external.write(unsafeBitCast(value, to: Data.self), recordingOn: connection), at: column)
      } else if T.self == [Data].self {
        let names = try unsafeBitCast(value, to: [Data].self).map { data in
          try external.write(data, recordingOn: connection)
        }
        storeText(ExternalNames.json(names), at: column)
      } else {
        failure = .invalidValue("'\(name)' is declared with external storage but is a \(T.self), not Data or [Data]")
      }
    } catch let error as PersistenceError {
      failure = error
    } catch {
      failure = .unreadableFile("the files of '\(name)' cannot be listed: \(error)")
    }
  }

  /// The slow path, for a value whose type does not match its column's usual type: converted
  /// exactly as values bound in predicates are (``SQLValue/init(swiftValue:)``), so a stored
  /// value and a compared one always agree; anything else is JSON.
  private func storeOther<T: Encodable>(_ value: T, at column: Int) {
    // `nil` means "not a scalar": such a value is stored as JSON, not dropped.
    switch try? SQLValue(swiftValue: value) {
    case .integer(let integer)?: slots[column] = .integer(integer)
    case .real(let real)?: storeReal(real, at: column)
    case .text(let text)?: storeText(text, at: column)
    case .blob(let data)?: storeBytes(data, at: column)
    case .null?: slots[column] = .null
    case nil: storeJSON(value, at: column)
    }
  }

  private func storeText(_ value: String, at column: Int) {
    var value = TextNormalization.nfc(value)
    let offset = bytes.count
    value.withUTF8 { bytes.append(contentsOf: $0) }
    slots[column] = .text(offset: offset, count: bytes.count - offset)
  }

  private func storeBytes(_ value: some Collection<UInt8>, at column: Int) {
    let offset = bytes.count
    bytes.append(contentsOf: value)
    slots[column] = .blob(offset: offset, count: bytes.count - offset)
  }

  private func storeReal(_ value: Double, at column: Int) {
    guard !value.isNaN else {
      failure = .invalidValue("'\(table.columns[column].name)' is NaN, which SQLite cannot store")
      return
    }
    slots[column] = .real(value)
  }

  private func storeInteger<T: BinaryInteger>(_ value: T, at column: Int) {
    guard let integer = Int64(exactly: value) else {
      failure = .invalidValue("'\(table.columns[column].name)' is \(value), beyond a 64-bit signed integer")
      return
    }
    slots[column] = .integer(integer)
  }

  private func storeJSON<T: Encodable>(_ value: T, at column: Int) {
    do {
      let offset = bytes.count
      try json.encode(value, into: &bytes)
      slots[column] = .text(offset: offset, count: bytes.count - offset)
    } catch {
      failure = .invalidValue("'\(table.columns[column].name)' cannot be encoded as JSON: \(error)")
    }
  }

  /// Records that the model used a container this engine cannot store at its top level.
  func unsupported(_ what: String) {
    failure = .invalidValue("\(table.name) must encode as a keyed container of its attributes, not \(what)")
  }
}
