import Foundation

/// Turns an import file into rows, whatever its format.
enum ImportReader {
  /// The rows of a file and the column names it has that the catalog does not know.
  ///
  /// - Throws: ``ImportRow/Problem`` for a file that cannot be read as its format.
  static func rows(
    _ data: Data, format: TransferFormat
  ) throws(ImportRow.Problem) -> (rows: [ImportRow], unknown: [String]) {
    switch format {
    case .csv:
      let records: [CSVReader.Record]
      do {
        records = try CSVReader(data).records()
      } catch {
        throw ImportRow.Problem(line: error.line, field: "file", reason: error.reason)
      }
      guard let header = records.first else { return ([], []) }
      let names = header.fields.map { $0.trimmed.lowercased() }
      let rows = records.dropFirst().map { record in
        ImportRow(
          line: record.line, fields: Dictionary(zip(names, record.fields), uniquingKeysWith: { first, _ in first }))
      }
      return (rows, names.filter { !TransferFormat.fields.contains($0) })
    case .json:
      guard let objects = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
        throw ImportRow.Problem(line: 1, field: "file", reason: "not a JSON array of objects")
      }
      let rows = objects.enumerated().map { ImportRow(line: $0.offset + 1, fields: $0.element) }
      return (rows, unknown(in: objects))
    case .jsonl:
      var rows: [ImportRow] = []
      for (offset, line) in String(decoding: data, as: UTF8.self).split(
        separator: "\n", omittingEmptySubsequences: false
      )
      .enumerated() where !String(line).trimmed.isEmpty {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
          throw ImportRow.Problem(line: offset + 1, field: "line", reason: "not a JSON object")
        }
        rows.append(ImportRow(line: offset + 1, fields: object))
      }
      return (rows, unknown(in: rows.map(\.fields)))
    }
  }

  private static func unknown(in objects: [[String: Any]]) -> [String] {
    Array(Set(objects.flatMap(\.keys)).subtracting(TransferFormat.fields)).sorted()
  }
}
