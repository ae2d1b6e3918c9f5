import Foundation
import SQLValues

/// An element tested against the elements of a JSON array, as JSON holds such a value.
///
/// JSON holds a UUID as its text (compared in upper case) and `Data` as base64, where a column
/// or a bound value holds bytes; a `Float` as its shortest decimal. Each database's dialect
/// compares these its own way (``SQLDialect/jsonContains(base:path:element:in:)``).
enum JSONArrayElement {
  /// A captured UUID, as its upper-case text.
  case uuidText(String)
  /// A UUID computed by the query (a column, say), as its 16 bytes.
  case uuid(SQLTerm)
  /// A captured `Data`, as its base64 text.
  case base64(String)
  /// A `Data` computed by the query, as its bytes.
  case data(SQLTerm)
  /// A `Float`, which the array holds as its shortest decimal.
  case float(SQLTerm)
  /// Any other value, which the array holds as the query does.
  case value(SQLTerm)
}

extension PredicateTranslator {
  /// How `element`, of a Swift type, is held in a JSON array.
  func jsonArrayElement(_ element: SQLTerm, of type: Any.Type) -> JSONArrayElement {
    let wrapped = (type as? any OptionalProtocol.Type)?.wrappedType ?? type
    let captured: Data? =
      if element.isCaptured, element.bindings.count == 1, case .blob(let bytes) = element.bindings[0] {
        bytes
      } else {
        nil
      }
    switch ProbeRecorder.kind(of: wrapped) {
    case .uuid:
      guard let captured, captured.count == 16 else { return .uuid(element) }
      return .uuidText(captured.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }.uuidString)
    case .blob:
      guard let captured else { return .data(element) }
      return .base64(captured.base64EncodedString())
    case .real where wrapped is Float.Type: return .float(element)
    default: return .value(element)
    }
  }
}
