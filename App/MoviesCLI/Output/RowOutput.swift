import Foundation

/// Writes any `Encodable` rows as a table, JSON or CSV, so a list command needs no formatting
/// code of its own.
///
/// Columns are the rows' fields in the order they encode them (``FieldEncoder``), named by
/// their coding keys: in a table's header in capitals with words apart (`movieID` is
/// `MOVIE ID`), in CSV's header and JSON's keys as they are.
///
/// ```swift
/// struct BookRow: Encodable { let id: UUID; let title: String; let year: Int? }
/// try RowOutput(format: .csv).write(books.map(BookRow.init), to: console)
/// ```
///
/// - A table is for people: numbers aligned right, dates readable, no value as `–`, each cell
///   made inert and kept to one line (``TextTable``).
/// - JSON is an array of objects with sorted keys, every value exact, dates in ISO 8601; the
///   characters a terminal acts on are JSON escapes (``JSONOutput``).
/// - CSV is RFC 4180 (``CSVWriter``): fields quoted when they hold a comma, a quote or a line
///   break, exact dates, lists separated by `|`. It is written exactly, except on a terminal,
///   where ``Console/writeData(_:)`` escapes it.
struct RowOutput {
  /// The format to write.
  let format: RowFormat
  /// The table's text when there are no rows, such as `No reviews.`; JSON is then `[]` and
  /// CSV nothing at all.
  var empty = "Nothing to show."
  /// Fields a table leaves out (JSON and CSV have every field), such as an id every row shares.
  var hiddenInTable: Set<String> = []

  /// The rows as text in the format.
  ///
  /// - Throws: `EncodingError` for rows that are not objects of plain fields, or that lack a
  ///   field ``hiddenInTable`` names.
  func render(_ rows: [some Encodable]) throws -> String {
    var records = try rows.map { try FieldEncoder.fields(of: $0) }
    if let first = records.first, let unknown = hiddenInTable.subtracting(first.map(\.name)).sorted().first {
      throw FieldEncoder.refusal("the rows have no field '\(unknown)' to hide", at: [])
    }
    switch format {
    case .json:
      return try JSONOutput.serialize(
        records.map { record in Dictionary(record.map { ($0.name, $0.value.jsonObject) }) { _, last in last } })
    case .csv:
      guard let names = records.first?.map(\.name) else { return "" }
      return CSVWriter.line(names) + records.map { CSVWriter.line($0.map(\.value.csvField)) }.joined()
    case .table:
      records = records.map { $0.filter { !hiddenInTable.contains($0.name) } }
      guard let first = records.first else { return empty + "\n" }
      let numeric = Set(
        first.indices.filter { column in
          records.allSatisfy { $0[column].value.isNumeric || $0[column].value == .null }
            && records.contains { $0[column].value.isNumeric }
        })
      let table = TextTable(headers: first.map { Self.heading($0.name) }, rightAligned: numeric)
      return table.render(records.map { $0.map(\.value.cell) })
    }
  }

  /// Writes the rows to standard output: a table shown for people, JSON and CSV written as
  /// data (exact, except on a terminal, where they are escaped).
  ///
  /// - Throws: as ``render(_:)`` does.
  func write(_ rows: [some Encodable], to console: Console) throws {
    let text = try render(rows)
    if format == .table { console.show(text) } else { console.writeData(text) }
  }

  /// A field's name as a table heading: `movieID` is `MOVIE ID`, `runtime` is `RUNTIME`.
  static func heading(_ name: String) -> String {
    var words: [String] = []
    var previous: Character?
    for character in name {
      let startsWord =
        character == "_" || character == "-"
        || (character.isUppercase && (previous?.isLowercase ?? false))
      if startsWord || words.isEmpty { words.append("") }
      if character != "_", character != "-" { words[words.count - 1].append(character) }
      previous = character
    }
    return words.filter { !$0.isEmpty }.joined(separator: " ").uppercased()
  }
}
