import Domain
import Foundation

/// The rows of a JSON file: one array of objects, or JSON Lines (one object per line).
///
/// JSON Lines are read a line at a time, in fixed memory. A JSON array is parsed whole, so
/// its memory grows with the file; CSV and JSON Lines are the formats for very large imports.
struct JSONImportFile: ImportFile {
  private static let rememberedUnknownFields = 100

  private enum Content {
    case lines
    case array([Any], next: Int)
  }

  private var stream: ByteStream
  private var content: Content
  private var line = 0
  private var unknown = Set<String>()

  /// Reads JSON Lines from a stream.
  init(lines stream: ByteStream) {
    self.stream = stream
    content = .lines
  }

  /// Reads a whole stream as one JSON array of objects.
  ///
  /// - Throws: ``ImportProblem`` if it is not one.
  init(array stream: ByteStream) throws(ImportProblem) {
    var stream = stream
    var data = [UInt8]()
    do {
      while let byte = try stream.next() { data.append(byte) }
    } catch {
      throw ImportProblem(line: 1, field: "file", reason: "cannot read: \(error.reason)")
    }
    guard let objects = try? JSONSerialization.jsonObject(with: Data(data)) as? [Any] else {
      throw ImportProblem(line: 1, field: "file", reason: "not a JSON array of objects")
    }
    self.stream = stream
    content = .array(objects, next: 0)
  }

  var unknownFields: [String] { unknown.sorted() }

  mutating func next() throws(ImportProblem) -> Result<MovieImportRow, ImportProblem>? {
    switch content {
    case .array(let objects, let index):
      guard index < objects.count else { return nil }
      content = .array(objects, next: index + 1)
      guard let object = objects[index] as? [String: Any] else {
        return .failure(ImportProblem(line: index + 1, field: "row", reason: "not a JSON object"))
      }
      return row(line: index + 1, object)
    case .lines:
      while let text = try nextLine() {
        guard !text.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") })
        else { continue }
        guard let object = try? JSONSerialization.jsonObject(with: Data(text)) as? [String: Any] else {
          return .failure(ImportProblem(line: line, field: "line", reason: "not a JSON object"))
        }
        return row(line: line, object)
      }
      return nil
    }
  }

  private mutating func row(line: Int, _ object: [String: Any]) -> Result<MovieImportRow, ImportProblem> {
    if unknown.count < Self.rememberedUnknownFields {
      for key in object.keys where TransferField(name: key) == nil { unknown.insert(key) }
    }
    return ImportRow(line: line, object: object).parsed()
  }

  private mutating func nextLine() throws(ImportProblem) -> [UInt8]? {
    var bytes: [UInt8] = []
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
