/// A ``RowOutput`` table measured a row at a time, for rows read twice — once to measure, once
/// to write — instead of held: the same text ``RowOutput/render(_:)`` makes of all the rows at
/// once (headings from the fields' names, columns as wide as their widest cell, numbers to the
/// right).
struct MeasuredTable {
  /// The columns' headings, made once from the first row's field names.
  private var headings: [String] = []
  private var widths: [Int] = []
  /// Per column: whether every value so far is a number or none, and whether one is a number.
  private var numbers: [(onlyNumbers: Bool, anyNumber: Bool)] = []
  /// The cells of the rows, made once where a row repeats the one before.
  private var cells = RepeatedFields()
  /// How many rows were measured.
  private(set) var count = 0

  /// Widens the columns to fit a row.
  ///
  /// - Throws: `EncodingError` for a row that is not an object of plain fields.
  mutating func measure(_ row: some Encodable) throws {
    let fields = try FieldEncoder.fields(of: row)
    if count == 0 {
      headings = fields.map { RowOutput.heading($0.name) }
      widths = TextTable(headers: headings, rightAligned: []).headerWidths
      numbers = fields.map { _ in (true, false) }
    }
    TextTable(headers: headings, rightAligned: []).widen(&widths, for: cells.texts(of: fields.map(\.value), \.cell))
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
  mutating func line(_ row: some Encodable) throws -> String {
    table.line(cells.texts(of: try FieldEncoder.fields(of: row).map(\.value), \.cell), widths: widths)
  }

  private var table: TextTable {
    TextTable(
      headers: headings, rightAligned: Set(numbers.indices.filter { numbers[$0].onlyNumbers && numbers[$0].anyNumber }))
  }
}
