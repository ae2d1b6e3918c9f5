import Domain
import Foundation

/// One row of an import file: its line and the text of its fields.
struct ImportRow {
  /// The line the row starts on.
  let line: Int
  /// The text of each field, indexed by ``TransferField/rawValue``; `nil` for a field the row
  /// lacks.
  let values: [String?]
  /// The tags as a list, when the file gives them as one (a JSON array) rather than as text.
  let tagList: [String]?

  /// A row from text in ``TransferField`` order.
  init(line: Int, values: [String?], tagList: [String]? = nil) {
    self.line = line
    self.values = values
    self.tagList = tagList
  }

  /// A row from a JSON object: strings and numbers are read as their text, and tags may be an
  /// array of strings; keys that name no field are ignored.
  init(line: Int, object: [String: Any]) {
    var values = [String?](repeating: nil, count: TransferField.allCases.count)
    var tagList: [String]?
    for (key, value) in object {
      guard let field = TransferField(name: key) else { continue }
      switch value {
      case let text as String: values[field.rawValue] = text
      case let number as NSNumber: values[field.rawValue] = number.stringValue
      case let list as [Any] where field == .tags: tagList = list.compactMap { $0 as? String }
      default: break
      }
    }
    self.init(line: line, values: values, tagList: tagList)
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
        heart: try integer(.heart) ?? 0, runtime: try integer(.runtime))
      return .success(MovieImportRow(line: line, movie: movie, tags: tags()))
    } catch {
      return .failure(error)
    }
  }

  private func text(_ field: TransferField) -> String? { values[field.rawValue] }

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
    if let tagList { return tagList }
    guard let text = text(.tags), !text.isEmpty else { return [] }
    return text.split(separator: "|").map(String.init)
  }

  private func problem(_ field: TransferField, _ reason: String) -> ImportProblem {
    ImportProblem(line: line, field: field.name, reason: reason)
  }
}
