import Catalog
import Foundation
import Testing

@testable import MoviesCLI

/// An import's memory is bounded by its limits, not by its file: a field past its limit is
/// counted, not kept, and refused naming the field and the limit, with no store left behind.
@Suite("movies import, bounded by its limits")
struct ImportBoundsTests {
  /// A field that, kept whole (and copied as the old reader copied it), would not fit in
  /// ``addressSpace`` beside `movies` itself.
  private static let fieldLength = 100_000_000
  /// The address space (`ulimit -v`, KiB) the import runs in: room for `movies` and its limits.
  private static let addressSpace = 200 * 1024

  /// A file of one row whose `content` is ``fieldLength`` bytes, in a format.
  private func file(_ movies: MoviesProcess, _ format: TransferFormat) throws -> String {
    let path = movies.folder.appendingPathComponent("huge.\(format.rawValue)").path
    let (before, after) =
      switch format {
      case .csv: ("title,date,content\nHuge,2001-01-01,", "\n")
      case .json: ("[{\"title\": \"Huge\", \"date\": \"2001-01-01\", \"content\": \"", "\"}]\n")
      case .jsonl: ("{\"title\": \"Huge\", \"date\": \"2001-01-01\", \"content\": \"", "\"}\n")
      }
    try (Data(before.utf8) + Data(repeating: UInt8(ascii: "x"), count: Self.fieldLength) + Data(after.utf8))
      .write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test(arguments: [TransferFormat.csv, .json, .jsonl])
  func aFieldPastItsLimitIsRefusedInBoundedMemoryAndLeavesNoStore(format: TransferFormat) async throws {
    let movies = try MoviesProcess()
    let path = try file(movies, format)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let store = movies.folder.appendingPathComponent("new.store").path
    let result = try await movies.shell(
      "ulimit -v \(Self.addressSpace) && exec \"$0\" --store '\(store)' import --quiet '\(path)'")
    #expect(result.status == 1)
    let line = format == .csv ? 2 : 1
    #expect(
      result.stderr == """
        movies: error: line \(line), content: is longer than 2,097,152 bytes, the most an import reads of one field
        movies: error: 1 invalid row; nothing was imported

        """)
    let left = try FileManager.default.contentsOfDirectory(atPath: movies.folder.path).filter {
      $0.hasPrefix("new.store")
    }
    #expect(left.isEmpty, "nothing of the store it was creating: \(left)")
  }

  /// The rows after one past a limit are read as usual, and the field named is the one that
  /// broke it: a tag in a JSON array is the `tags` field's.
  @Test func theFieldPastItsLimitIsNamedAndTheNextRowIsRead() throws {
    let long = String(repeating: "t", count: ImportLimits.fieldBytes + 1)
    let text = """
      {"title": "A", "date": "2001-01-01", "tags": ["short", "\(long)"]}
      {"title": "B", "date": "2001-01-01"}

      """
    var file = JSONImportFile(lines: ByteStream(Data(text.utf8)))
    guard case .failure(let problem) = try file.next() else { throw ImportProblem(line: 0, field: "", reason: "") }
    #expect(problem == ImportProblem(line: 1, field: "tags", reason: ImportLimits.fieldTooLong))
    guard case .success(let row) = try file.next() else { throw ImportProblem(line: 0, field: "", reason: "") }
    #expect(row.movie.title == "B")
    var csv = CSVReader(Data("a,b\n\(long),x\ny,z\n".utf8))
    _ = try csv.next()
    let record = try #require(try csv.next())
    #expect(record.oversized?.field == 0)
    #expect(record.fields == ["", ""], "neither the field past its limit nor the rest of the record is kept")
    #expect(try csv.next()?.fields == ["y", "z"])
  }
}
