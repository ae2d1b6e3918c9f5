import Domain

/// The rows of a CSV file with a header row, read one record at a time.
///
/// Columns are matched to fields by the header's names, once; a name that appears twice counts
/// the first time.
struct CSVImportFile: ImportFile {
  private var reader: CSVReader
  private var columns: [TransferField?] = []
  private(set) var unknownFields: [String] = []

  /// Reads the header row of a stream.
  ///
  /// - Throws: ``ImportProblem`` if the header cannot be read.
  init(_ stream: ByteStream) throws(ImportProblem) {
    reader = CSVReader(stream)
    let header: CSVReader.Record?
    do { header = try reader.next() } catch {
      throw ImportProblem(line: error.line, field: "file", reason: error.reason)
    }
    var seen = Set<TransferField>()
    for name in header?.fields ?? [] {
      let field = TransferField(name: name)
      if field == nil { unknownFields.append(name.trimmed.lowercased()) }
      columns.append(field.flatMap { seen.insert($0).inserted ? $0 : nil })
    }
    unknownFields.sort()
  }

  mutating func next() throws(ImportProblem) -> Result<MovieImportRow, ImportProblem>? {
    let record: CSVReader.Record?
    do { record = try reader.next() } catch {
      throw ImportProblem(line: error.line, field: "file", reason: error.reason)
    }
    guard let record else { return nil }
    var values = [String?](repeating: nil, count: TransferField.allCases.count)
    for (field, value) in zip(columns, record.fields) {
      if let field { values[field.rawValue] = value }
    }
    return ImportRow(line: record.line, values: values).parsed()
  }
}
