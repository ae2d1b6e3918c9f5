import Domain
import Foundation

/// One row of an import file: its line and its fields by name, as text or JSON values.
struct ImportRow {
  /// The line the row starts on.
  let line: Int
  /// The fields, by name.
  let fields: [String: Any]

  /// A problem with one field of one row.
  struct Problem: Error, Equatable, CustomStringConvertible {
    let line: Int
    let field: String
    let reason: String
    var description: String { "line \(line), \(field): \(reason)" }
  }

  /// The movie the row describes, with its tags.
  ///
  /// - Throws: ``Problem`` naming the first field that is missing or malformed.
  func movie() throws(Problem) -> (movie: Movie, tags: [String]) {
    let id = try uuid("id")
    guard let title = text("title"), !title.trimmed.isEmpty else {
      throw problem("title", "is required")
    }
    guard let dateText = text("date"), !dateText.isEmpty else { throw problem("date", "is required") }
    guard let date = CatalogDate.parse(dateText) else {
      throw problem("date", "'\(dateText)' is not YYYY-MM-DD or an ISO 8601 date-time")
    }
    let movie = Movie(
      id: id ?? UUID(), title: title, content: text("content") ?? "", date: date, rate: try integer("rate") ?? 0,
      heart: try integer("heart") ?? 0)
    do {
      return (try MovieRules.validated(movie), try tags())
    } catch {
      let field =
        switch error {
        case .emptyTitle, .titleTooLong: "title"
        case .contentTooLong: "content"
        case .rateOutOfRange: "rate"
        case .invalidHeartCount: "heart"
        default: "row"
        }
      throw problem(field, "\(error)")
    }
  }

  private func text(_ name: String) -> String? {
    switch fields[name] {
    case let text as String: text
    case let number as NSNumber: number.stringValue
    default: nil
    }
  }

  private func uuid(_ name: String) throws(Problem) -> UUID? {
    guard let text = text(name), !text.isEmpty else { return nil }
    guard let id = UUID(uuidString: text) else { throw problem(name, "'\(text)' is not a UUID") }
    return id
  }

  private func integer(_ name: String) throws(Problem) -> Int? {
    guard let text = text(name), !text.isEmpty else { return nil }
    guard let value = Int(text) else { throw problem(name, "'\(text)' is not an integer") }
    return value
  }

  private func tags() throws(CatalogError) -> [String] {
    let names: [String] =
      switch fields["tags"] {
      case let list as [Any]: list.compactMap { $0 as? String }
      case let text as String: text.split(separator: "|").map(String.init)
      default: []
      }
    return try names.map { (name) throws(CatalogError) in try TagRules.checkedName(name) }
  }

  private func problem(_ field: String, _ reason: String) -> Problem {
    Problem(line: line, field: field, reason: reason)
  }
}
