/// A ``RowOutput`` table measured a row at a time, for rows read twice — once to measure, once
/// to write — instead of held: the same text ``RowOutput/render(_:)`` makes of all the rows at
/// once (headings from the fields' names, columns as wide as their widest cell, numbers to the
/// right).
struct MeasuredTable {
  private var names: [String] = []
  private var widths: [Int] = []
  /// Per column: whether every value so far is a number or none, and whether one is a number.
  private var numbers: [(onlyNumbers: Bool, anyNumber: Bool)] = []
  /// How many rows were measured.
  private(set) var count = 0

  /// Widens the columns to fit a row.
  ///
  /// - Throws: `EncodingError` for a row that is not an object of plain fields.
  mutating func measure(_ row: some Encodable) throws {
    let fields = try FieldEncoder.fields(of: row)
    if count == 0 {
      names = fields.map(\.name)
      widths = Self.layout(names, rightAligned: []).headerWidths
      numbers = fields.map { _ in (true, false) }
    }
    Self.layout(names, rightAligned: []).widen(&widths, for: fields.map(\.value.cell))
    for (column, field) in fields.enumerated() where column < numbers.count {
      numbers[column].onlyNumbers = numbers[column].onlyNumbers && (field.value.isNumeric || field.value == .null)
      numbers[column].anyNumber = numbers[column].anyNumber || field.value.isNumeric
    }
    count += 1
  }

  /// The header line, once a row was measured.
  var header: String { table.line(table.headers, widths: widths) }

  /// A row's line, in the measured columns.
  ///
  /// - Throws: `EncodingError` for a row that is not an object of plain fields.
  func line(_ row: some Encodable) throws -> String {
    table.line(try FieldEncoder.fields(of: row).map(\.value.cell), widths: widths)
  }

  private var table: TextTable {
    Self.layout(names, rightAligned: Set(numbers.indices.filter { numbers[$0].onlyNumbers && numbers[$0].anyNumber }))
  }

  private static func layout(_ names: [String], rightAligned: Set<Int>) -> TextTable {
    TextTable(headers: names.map(RowOutput.heading), rightAligned: rightAligned)
  }
}
