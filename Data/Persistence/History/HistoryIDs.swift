import Foundation
import SQLValues
import SQLiteCore

/// Identifiers packed one after another into a blob, so that a run of changes of one model and
/// kind is one row of the history, however many rows it names; the values deleted models
/// preserve are packed the same way.
///
/// Each value is a tag byte and its bytes: a UUID's 16 bytes, an integer's 8 (little-endian),
/// text or a blob as a 4-byte length and its bytes, or nothing for `NULL` (only in preserved
/// values: an identifier is never `NULL`).
struct HistoryIDs {
  private enum Tag: UInt8 {
    case uuid = 1
    case integer = 2
    case text = 3
    case blob = 4
    case real = 5
    case null = 6
  }

  /// The packed bytes.
  private(set) var bytes: [UInt8] = []
  /// How many identifiers are packed.
  private(set) var count = 0

  /// Appends an identifier of any type a model may have.
  ///
  /// A `UUID`, the usual identifier, is found by comparing metatypes, without a dynamic cast.
  mutating func append<ID>(_ id: ID) throws {
    if ID.self == UUID.self {
      let uuid = unsafeBitCast(id, to: UUID.self)
      bytes.append(Tag.uuid.rawValue)
      withUnsafeBytes(of: uuid.uuid) { bytes.append(contentsOf: $0) }
      count += 1
    } else {
      try append(SQLValue(swiftValue: id))
    }
  }

  /// Appends a value as SQLite holds it; a 16-byte blob is a UUID.
  mutating func append(_ value: SQLValue) {
    switch value {
    case .integer(let number):
      bytes.append(Tag.integer.rawValue)
      withUnsafeBytes(of: number.littleEndian) { bytes.append(contentsOf: $0) }
    case .real(let number):
      bytes.append(Tag.real.rawValue)
      withUnsafeBytes(of: number.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    case .text(let text):
      appendSized(.text, Array(text.utf8))
    case .blob(let data):
      appendBlob(data)
    case .null:
      bytes.append(Tag.null.rawValue)
    }
    count += 1
  }

  /// Appends the identifier in a column of a statement's current row, as `append(_: SQLValue)`
  /// would, without making a value of it first: the path of bulk deletes, one call a row.
  mutating func append(columnAt index: Int32, of statement: Statement) {
    switch statement.storageClass(at: index) {
    case .integer: append(.integer(statement.int64(at: index)))
    case .real: append(.real(statement.double(at: index)))
    case .null: append(.null)
    case .text:
      statement.withText(at: index) { appendSized(.text, $0) }
      count += 1
    case .blob:
      statement.withBlob(at: index) { appendBlob($0) }
      count += 1
    }
  }

  /// A blob's bytes: 16 of them are a UUID.
  private mutating func appendBlob(_ blob: some Collection<UInt8>) {
    if blob.count == 16 {
      bytes.append(Tag.uuid.rawValue)
      bytes.append(contentsOf: blob)
    } else {
      appendSized(.blob, blob)
    }
  }

  private mutating func appendSized(_ tag: Tag, _ payload: some Collection<UInt8>) {
    bytes.append(tag.rawValue)
    withUnsafeBytes(of: UInt32(payload.count).littleEndian) { bytes.append(contentsOf: $0) }
    bytes.append(contentsOf: payload)
  }

  /// The identifiers of packed bytes as text: UUIDs in their usual lower-case form, numbers
  /// in decimal, blobs in hexadecimal. Stops at bytes it cannot read.
  static func texts(_ packed: UnsafeRawBufferPointer) -> [String] {
    values(packed).map { value in
      switch value {
      case .null: ""
      case .integer(let number): "\(number)"
      case .real(let number): "\(number)"
      case .text(let text): text
      case .blob(let data) where data.count == 16:
        UUID(uuid: data.withUnsafeBytes { $0.loadUnaligned(as: uuid_t.self) }).uuidString.lowercased()
      case .blob(let data): data.map { String(format: "%02x", $0) }.joined()
      }
    }
  }

  /// The values of packed bytes, as SQLite holds them (a UUID as its 16 bytes). Stops at bytes
  /// it cannot read.
  static func values(_ packed: UnsafeRawBufferPointer) -> [SQLValue] {
    var values: [SQLValue] = []
    walk(packed) { tag, payload in
      func integer() -> UInt64 { payload.reversed().reduce(0) { $0 << 8 | UInt64($1) } }
      switch tag {
      case .null: values.append(.null)
      case .uuid: values.append(.blob(Data(payload)))
      case .integer: values.append(.integer(Int64(bitPattern: integer())))
      case .real: values.append(.real(Double(bitPattern: integer())))
      case .text: values.append(.text(String(decoding: payload, as: UTF8.self)))
      case .blob: values.append(.blob(Data(payload)))
      }
    }
    return values
  }

  /// How many values packed bytes hold, counted without reading them: what ``values(_:)``
  /// would return the count of.
  static func count(_ packed: UnsafeRawBufferPointer) -> Int {
    var count = 0
    walk(packed) { _, _ in count += 1 }
    return count
  }

  /// Calls `visit` with each packed value's tag and payload bytes, in order. Stops at bytes it
  /// cannot read.
  private static func walk(_ packed: UnsafeRawBufferPointer, _ visit: (Tag, UnsafeRawBufferPointer) -> Void) {
    var position = 0
    func take(_ count: Int) -> UnsafeRawBufferPointer? {
      guard count >= 0, position + count <= packed.count else { return nil }
      defer { position += count }
      return UnsafeRawBufferPointer(rebasing: packed[position..<position + count])
    }
    while let tagByte = take(1)?.first, let tag = Tag(rawValue: tagByte) {
      let size: Int
      switch tag {
      case .null: size = 0
      case .uuid: size = 16
      case .integer, .real: size = 8
      case .text, .blob:
        guard let length = take(4) else { return }
        size = Int(length.reversed().reduce(0) { $0 << 8 | UInt32($1) })
      }
      guard let payload = take(size) else { return }
      visit(tag, payload)
    }
  }
}
