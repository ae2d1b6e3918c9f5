import Catalog

/// The fields of an import or export file, in the order files carry them.
enum TransferField: Int, CaseIterable {
  case id, title, content, date, rate, heart, tags, runtime

  /// The field's name in a CSV header or a JSON object.
  var name: String {
    switch self {
    case .id: "id"
    case .title: "title"
    case .content: "content"
    case .date: "date"
    case .rate: "rate"
    case .heart: "heart"
    case .tags: "tags"
    case .runtime: "runtime"
    }
  }

  /// The field a name stands for, ignoring case and surrounding spaces.
  init?(name: String) {
    guard let field = Self.allCases.first(where: { $0.name == name.trimmed.lowercased() }) else { return nil }
    self = field
  }
}
