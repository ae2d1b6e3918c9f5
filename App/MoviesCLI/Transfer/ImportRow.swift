import Domain
import Foundation

/// One row of an import file: its line and the values of its fields, as text or JSON values.
struct ImportRow {
  /// The line the row starts on.
  let line: Int
  /// The values, indexed by ``TransferField/rawValue``; `nil` for a field the row lacks.
  let values: [Any?]

  /// A row from values in ``TransferField`` order.
  init(line: Int, values: [Any?]) {
    self.line = line
    self.values = values
  }

  /// A row from a JSON object; keys that name no field are ignored.
  init(line: Int, object: [String: Any]) {
    var values = [Any?](repeating: nil, count: TransferField.allCases.count)
    for (key, value) in object {
      if let field = TransferField(name: key) { values[field.rawValue] = value }
    }
    self.init(line: line, values: values)
  }

  /// The movie the row describes, with its tags; the catalog's rules are checked later, by the
  /// import use case.
  func parsed() -> Result<MovieImportRow, ImportProblem> {
    do throws(ImportProblem) {
      let id = try uuid(.id)
      guard let title = text(.title), !title.isEmpty else { throw problem(.title, "is required") }
      guard let dateText = text(.date), !dateText.isEmpty else { throw problem(.date, "is required") }
      guard let date = CatalogDate.parse(dateText) else {
        throw problem(.date, "'\(dateText)' is not YYYY-MM-DD or an ISO 8601 date-time")
      }
      let movie = Movie(
        id: id ?? UUID(), title: title, content: text(.content) ?? "", date: date, rate: try integer(.rate) ?? 0,
        heart: try integer(.heart) ?? 0)
      return .success(MovieImportRow(line: line, movie: movie, tags: tags()))
    } catch {
      return .failure(error)
    }
  }

  private func text(_ field: TransferField) -> String? {
    switch values[field.rawValue] {
    case let text as String: text
    case let number as NSNumber: number.stringValue
    default: nil
    }
  }

  private func uuid(_ field: TransferField) throws(ImportProblem) -> UUID? {
    guard let text = text(field), !text.isEmpty else { return nil }
    guard let id = UUIDText.parse(text) else { throw problem(field, "'\(text)' is not a UUID") }
    return id
  }

  private func integer(_ field: TransferField) throws(ImportProblem) -> Int? {
    guard let text = text(field), !text.isEmpty else { return nil }
    guard let value = Int(text) else { throw problem(field, "'\(text)' is not an integer") }
    return value
  }

  private func tags() -> [String] {
    switch values[TransferField.tags.rawValue] {
    case let list as [Any]: list.compactMap { $0 as? String }
    case let text as String: text.split(separator: "|").map(String.init)
    default: []
    }
  }

  private func problem(_ field: TransferField, _ reason: String) -> ImportProblem {
    ImportProblem(line: line, field: field.name, reason: reason)
  }
}
