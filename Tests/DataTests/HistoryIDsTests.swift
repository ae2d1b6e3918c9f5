import Foundation
import SQLValues
import SQLiteCore
import Testing

@testable import Persistence

@Suite("Identifiers packed into the history")
struct HistoryIDsTests {
  @Test func everyKindOfIdentifierReadsBackAsText() throws {
    let uuid = UUID()
    var ids = HistoryIDs()
    try ids.append(uuid)
    try ids.append(42)
    try ids.append(Int64.min)
    try ids.append("book-7")
    try ids.append("")
    ids.append(SQLValue.blob(Data([0xAB, 0x01])))
    ids.append(SQLValue.real(1.5))
    #expect(ids.count == 7)
    let texts = ids.bytes.withUnsafeBytes { HistoryIDs.texts($0) }
    #expect(texts == [uuid.uuidString.lowercased(), "42", "\(Int64.min)", "book-7", "", "ab01", "1.5"])
  }

  @Test func aColumnPacksAsTheValueItHolds() throws {
    let connection = try Connection(location: .memory, readOnly: false)
    let values: [SQLValue] = [
      .blob(Data((0..<16).map { UInt8($0) })), .integer(-7), .real(2.5), .text("ключ\u{0}7"), .text(""),
      .blob(Data([1, 2, 3])), .null,
    ]
    let statement = try connection.statement(
      values.indices.map { "SELECT ?\($0 + 1)" }.joined(separator: " UNION ALL "))
    try statement.bind(values)
    var fromColumns = HistoryIDs()
    while try statement.step() { fromColumns.append(columnAt: 0, of: statement) }
    var fromValues = HistoryIDs()
    for value in values { fromValues.append(value) }
    #expect(fromColumns.count == values.count)
    #expect(fromColumns.bytes == fromValues.bytes)
  }

  @Test func truncatedBytesStopTheReadingWithoutACrash() throws {
    var ids = HistoryIDs()
    try ids.append(UUID())
    try ids.append("long enough text")
    for cut in 0..<ids.bytes.count {
      let texts = Array(ids.bytes.prefix(cut)).withUnsafeBytes { HistoryIDs.texts($0) }
      #expect(texts.count <= 2)
    }
  }
}
