import Catalog

/// The rows of a CSV file with a header row, read one record at a time.
///
/// Columns are matched to fields by the header's names, once; a field named twice is an error,
/// as is a column the catalog does not know (unless told to ignore those), a record with more
/// or fewer fields than the header, text that is not UTF-8, or a field or record past
/// ``ImportLimits``.
struct CSVImportFile: ImportFile {
  private var reader: CSVReader
  private var columns: [TransferField?] = []
  private(set) var unknownFields: [String] = []

  /// Reads the header row of a stream; its unknown columns are ignored when `ignoringUnknown`.
  ///
  /// - Throws: ``ImportProblem`` if the header is missing (an empty file) or cannot be read, is
  ///   not UTF-8, names a field twice, or names one the catalog does not know without
  ///   `ignoringUnknown`.
  init(_ stream: ByteStream, ignoringUnknown: Bool = false) throws(ImportProblem) {
    reader = CSVReader(stream)
    let header: CSVReader.Record?
    do { header = try reader.next() } catch {
      throw ImportProblem(line: error.line, field: "file", reason: error.reason)
    }
    guard let header else {
      throw ImportProblem(
        line: 1, field: "header", reason: "the file is empty; CSV starts with a header naming its fields (title,date,…)"
      )
    }
    if let bad = header.undecodable {
      throw ImportProblem(line: bad.line, field: "header", reason: "\(bad.byte) is not UTF-8 (see --encoding)")
    }
    if let oversized = header.oversized {
      throw ImportProblem(line: 1, field: "header", reason: "field \(oversized.field + 1) \(oversized.reason)")
    }
    guard header.extraFields == 0 else {
      throw ImportProblem(
        line: 1, field: "header",
        reason:
          "it names \(header.fieldCount) fields; the most an import reads is \(ImportLimits.grouped(ImportLimits.fieldsPerRow))"
      )
    }
    var seen = Set<TransferField>()
    for name in header.fields {
      let field = TransferField(name: name)
      if let field, !seen.insert(field).inserted {
        throw ImportProblem(line: 1, field: "header", reason: "the field \(field.name) is named twice")
      }
      if field == nil { unknownFields.append(name.trimmed.lowercased()) }
      columns.append(field)
    }
    unknownFields.sort()
    guard ignoringUnknown || unknownFields.isEmpty else {
      throw ImportProblem(line: 1, field: "header", reason: UnknownFields.reason(unknownFields))
    }
  }

  mutating func next() throws(ImportProblem) -> Result<MovieImportRow, ImportProblem>? {
    let record: CSVReader.Record?
    do { record = try reader.next() } catch {
      throw ImportProblem(line: error.line, field: "file", reason: error.reason)
    }
    guard let record else { return nil }
    if let oversized = record.oversized {
      let name =
        oversized.field < columns.count ? columns[oversized.field]?.name ?? "field \(oversized.field + 1)" : "row"
      return .failure(ImportProblem(line: record.line, field: name, reason: oversized.reason))
    }
    if let bad = record.undecodable {
      let name = bad.field < columns.count ? columns[bad.field]?.name ?? "field \(bad.field + 1)" : "row"
      return .failure(ImportProblem(line: bad.line, field: name, reason: "\(bad.byte) is not UTF-8 (see --encoding)"))
    }
    guard record.fieldCount == columns.count else {
      let count = record.fieldCount
      return .failure(
        ImportProblem(
          line: record.line, field: "row",
          reason: "\(count) \(count == 1 ? "field" : "fields"), but the header names \(columns.count)"))
    }
    var values = [ImportRow.Value?](repeating: nil, count: TransferField.allCases.count)
    for (field, value) in zip(columns, record.fields) {
      if let field { values[field.rawValue] = .text(value) }
    }
    return ImportRow(line: record.line, values: values).parsed()
  }
}
