import Catalog
import Foundation

/// The rows of a JSON file: one array of objects, or JSON Lines (one object per line).
///
/// Both are read an element at a time, in fixed memory: JSON Lines by line, an array by
/// `JSONArrayReader`; an element is kept up to ``ImportLimits`` (``JSONRowBytes``), and one past
/// them is an invalid row naming the field.
struct JSONImportFile: ImportFile {
  private static let rememberedUnknownFields = 100

  private enum Content {
    case lines
    case array(JSONArrayReader)
  }

  private var stream: ByteStream
  private var content: Content
  private var line = 0
  private var unknown = Set<String>()
  private let ignoringUnknown: Bool

  /// Reads JSON Lines from a stream; keys that name no field are ignored when `ignoringUnknown`,
  /// and make their row invalid otherwise.
  init(lines stream: ByteStream, ignoringUnknown: Bool = false) {
    self.stream = stream
    self.ignoringUnknown = ignoringUnknown
    content = .lines
  }

  /// Reads a stream as one JSON array of objects, an object at a time; a stream that is not
  /// one is reported when the reading gets there. Keys that name no field are ignored when
  /// `ignoringUnknown`, and make their row invalid otherwise.
  init(array stream: ByteStream, ignoringUnknown: Bool = false) {
    self.stream = stream
    self.ignoringUnknown = ignoringUnknown
    content = .array(JSONArrayReader(stream))
  }

  var unknownFields: [String] { unknown.sorted() }

  mutating func next() throws(ImportProblem) -> Result<MovieImportRow, ImportProblem>? {
    switch content {
    case .array(var reader):
      // Dropping the enum's copy first keeps the reader's buffer unshared, so it is not copied.
      content = .lines
      let element: JSONRowBytes?
      do {
        element = try reader.next()
      } catch {
        throw ImportProblem(line: error.line, field: "file", reason: error.reason)
      }
      content = .array(reader)
      guard let element else { return nil }
      return row(line: reader.elementLine, element)
    case .lines:
      if line == 0 {
        do { try stream.skip(prefix: [0xEF, 0xBB, 0xBF]) } catch {
          throw ImportProblem(line: 1, field: "file", reason: "cannot read: \(error.reason)")
        }
      }
      while let text = try nextLine() {
        guard
          text.overflow != nil
            || !text.bytes.allSatisfy({
              $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r")
            })
        else { continue }
        return row(line: line, text)
      }
      return nil
    }
  }

  /// The row of one JSON object's bytes, starting on `line`.
  private mutating func row(line: Int, _ row: JSONRowBytes) -> Result<MovieImportRow, ImportProblem> {
    if let overflow = row.overflow {
      let field = overflow.key.map { TransferField(name: $0)?.name ?? $0 } ?? "row"
      return .failure(ImportProblem(line: line, field: field, reason: overflow.reason))
    }
    let bytes = row.bytes
    let members: [(key: String, value: JSONValue)]
    do {
      guard case .object(let object) = try JSONValue.parse(bytes) else {
        return .failure(ImportProblem(line: line, field: "row", reason: "not a JSON object"))
      }
      members = object
    } catch {
      let at = line + bytes[..<min(error.offset, bytes.count)].count { $0 == UInt8(ascii: "\n") }
      return .failure(ImportProblem(line: at, field: "row", reason: "not a JSON object: \(error.reason)"))
    }
    var named = Set<TransferField>()
    for (key, _) in members {
      if let field = TransferField(name: key), !named.insert(field).inserted {
        return .failure(ImportProblem(line: line, field: field.name, reason: "is given twice in one object"))
      }
    }
    let unknownKeys = members.map(\.key).filter { TransferField(name: $0) == nil }
    guard ignoringUnknown || unknownKeys.isEmpty else {
      return .failure(ImportProblem(line: line, field: "row", reason: UnknownFields.reason(unknownKeys)))
    }
    for key in unknownKeys where unknown.count < Self.rememberedUnknownFields { unknown.insert(key) }
    return ImportRow(line: line, members: members).parsed()
  }

  private mutating func nextLine() throws(ImportProblem) -> JSONRowBytes? {
    var bytes = JSONRowBytes()
    do {
      guard var byte = try stream.next() else { return nil }
      line += 1
      while byte != UInt8(ascii: "\n") {
        bytes.append(byte)
        guard let next = try stream.next() else { break }
        byte = next
      }
    } catch {
      throw ImportProblem(line: line, field: "file", reason: "cannot read: \(error.reason)")
    }
    return bytes
  }
}
