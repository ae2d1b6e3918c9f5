import Catalog
import Foundation

/// One row of an import file: its line and the values of the fields it has.
///
/// A field the row does not have is absent, and an import leaves it as it is in a stored movie;
/// a field it has is set, even when empty: empty content is no content, an empty `runtime` (or
/// JSON `null`) no running time, empty tags no tags. An empty `id` is no id. `rate` and `heart`
/// must be whole numbers when given.
struct ImportRow {
  /// A field's value as the file gives it.
  enum Value {
    /// A CSV field: text, which each field reads as its type.
    case text(String)
    /// A JSON value, whose type must be the field's: a string is text, never a number or a
    /// list of tags.
    case json(JSONValue)
  }

  /// The id of a row that gives none, which the store ignores.
  private static let noID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

  /// The line the row starts on.
  let line: Int
  /// The value of each field, indexed by ``TransferField/rawValue``; `nil` for a field the row
  /// does not have.
  let values: [Value?]

  /// A row from values in ``TransferField`` order.
  init(line: Int, values: [Value?]) {
    self.line = line
    self.values = values
  }

  /// A row from a JSON object's members; members that name no field are left out.
  init(line: Int, members: [(key: String, value: JSONValue)]) {
    var values = [Value?](repeating: nil, count: TransferField.allCases.count)
    for (key, value) in members {
      guard let field = TransferField(name: key) else { continue }
      values[field.rawValue] = .json(value)
    }
    self.init(line: line, values: values)
  }

  /// The movie the row describes, with its tags and the fields it gives; the catalog's rules
  /// are checked later, by the import use case.
  func parsed() -> Result<MovieImportRow, ImportProblem> {
    do throws(ImportProblem) {
      var fields: MovieImportRow.Fields = []
      // Without an id, the store gives a new movie one; generating it here would be wasted.
      var movie = Movie(id: Self.noID, title: "", date: Date(timeIntervalSinceReferenceDate: 0))
      if let id = try uuid(.id) {
        movie.id = id
        fields.insert(.id)
      }
      guard let title = try text(.title), !title.isEmpty else { throw problem(.title, "is required") }
      movie.title = title
      guard let dateText = try text(.date), !dateText.isEmpty else { throw problem(.date, "is required") }
      guard let date = CatalogDate.parse(dateText) else {
        throw problem(.date, "'\(dateText)' is not \(CatalogDate.expectation), or no such day or time exists")
      }
      movie.date = date
      if let content = try text(.content) {
        movie.content = content
        fields.insert(.content)
      }
      if let rate = try integer(.rate, optional: false) {
        movie.rate = rate ?? 0
        fields.insert(.rate)
      }
      if let heart = try integer(.heart, optional: false) {
        movie.heart = heart ?? 0
        fields.insert(.heart)
      }
      if let runtime = try integer(.runtime, optional: true) {
        movie.runtime = runtime
        fields.insert(.runtime)
      }
      var tags: [String] = []
      if let given = try tagNames() {
        tags = given
        fields.insert(.tags)
      }
      return .success(MovieImportRow(line: line, movie: movie, tags: tags, fields: fields))
    } catch {
      return .failure(error)
    }
  }

  /// The text of a field, `nil` when absent.
  private func text(_ field: TransferField) throws(ImportProblem) -> String? {
    switch values[field.rawValue] {
    case nil: return nil
    case .text(let text), .json(.string(let text)): return text
    case .json(let value): throw problem(field, "must be a string, not \(value.kind)")
    }
  }

  private func uuid(_ field: TransferField) throws(ImportProblem) -> UUID? {
    if case .json(.null) = values[field.rawValue] { return nil }
    guard let text = try text(field), !text.isEmpty else { return nil }
    guard let id = UUIDText.parse(text) else { throw problem(field, "'\(text)' is not a UUID") }
    return id
  }

  /// A whole number: `nil` when absent, `.some(nil)` for an optional field given as empty or
  /// `null`. Digits with an optional minus sign, and nothing else, are a number.
  private func integer(_ field: TransferField, optional: Bool) throws(ImportProblem) -> Int?? {
    let text: String
    switch values[field.rawValue] {
    case nil: return nil
    case .text(let value): text = value
    case .json(.number(let value)): text = value
    case .json(.null) where optional: return .some(nil)
    case .json(let value): throw problem(field, "must be a whole number, not \(value.kind)")
    }
    if text.isEmpty {
      guard optional else { throw problem(field, "is empty; give a whole number, or leave the field out") }
      return .some(nil)
    }
    let digits = text.utf8.first == UInt8(ascii: "-") ? text.utf8.dropFirst() : text.utf8[...]
    guard !digits.isEmpty, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
      throw problem(field, "'\(text)' is not a whole number")
    }
    guard let value = Int(text) else { throw problem(field, "\(text) is too large") }
    return .some(value)
  }

  /// The tag names, `nil` when absent: a JSON array of strings, or text as ``TagList`` writes it.
  private func tagNames() throws(ImportProblem) -> [String]? {
    switch values[TransferField.tags.rawValue] {
    case nil: return nil
    case .text(let text): return TagList.decoded(text)
    case .json(.array(let elements)):
      var names: [String] = []
      for element in elements {
        guard case .string(let name) = element else {
          throw problem(.tags, "must be an array of strings, not hold \(element.kind)")
        }
        names.append(name)
      }
      return names
    case .json(let value): throw problem(.tags, "must be an array of strings, not \(value.kind)")
    }
  }

  private func problem(_ field: TransferField, _ reason: String) -> ImportProblem {
    ImportProblem(line: line, field: field.name, reason: reason)
  }
}
