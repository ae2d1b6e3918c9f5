/// A failure to encode a value as nested JSON, or to decode one from it.
///
/// Paths name the failing value the way Swift code reaches it: keys joined by dots, array
/// positions in brackets, as in `images[2]` or `cast[0].name`. The empty path is the
/// top-level value.
package enum NestedJSONError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The bytes are not valid JSON; `offset` is the byte at which parsing stopped.
  case invalidJSON(offset: Int, reason: String)
  /// The value at `path` has a different JSON type than the Swift type needs.
  case typeMismatch(path: String, expected: String)
  /// An object has no member for the key at the end of `path`, or an array ends before it.
  case keyNotFound(path: String)
  /// The value at `path` has the right JSON type but cannot be used, or cannot be written.
  case invalidValue(path: String, reason: String)

  /// A one-line message naming the failing value.
  package var description: String {
    switch self {
    case .invalidJSON(let offset, let reason):
      "Invalid JSON at byte \(offset): \(reason)."
    case .typeMismatch(let path, let expected):
      "Type mismatch at \(Self.describe(path)): expected \(expected)."
    case .keyNotFound(let path):
      "No value at \(Self.describe(path))."
    case .invalidValue(let path, let reason):
      "Invalid value at \(Self.describe(path)): \(reason)."
    }
  }

  private static func describe(_ path: String) -> String {
    path.isEmpty ? "the top level" : path
  }
}

/// Building errors from coding paths and from other coders' errors.
extension NestedJSONError {
  /// Formats a coding path as `key.key[index]`, the form every case of this error carries.
  static func path(_ codingPath: [any CodingKey]) -> String {
    var text = ""
    for key in codingPath {
      if let index = NestedJSONKey.arrayIndex(of: key) {
        text += "[\(index)]"
      } else {
        if !text.isEmpty { text += "." }
        text += key.stringValue
      }
    }
    return text
  }

  /// Converts an error thrown while encoding or decoding, keeping the path it names.
  ///
  /// Errors of this type pass through; `DecodingError` and `EncodingError`, which types
  /// throw from their own `init(from:)` and `encode(to:)`, become the matching case; any
  /// other error becomes ``invalidValue(path:reason:)`` at the top level.
  static func converting(_ error: any Error) -> NestedJSONError {
    switch error {
    case let error as NestedJSONError:
      return error
    case DecodingError.typeMismatch(let type, let context):
      return .typeMismatch(path: path(context.codingPath), expected: "\(type)")
    case DecodingError.valueNotFound(let type, let context):
      return .typeMismatch(path: path(context.codingPath), expected: "\(type), not null")
    case DecodingError.keyNotFound(let key, let context):
      return .keyNotFound(path: path(context.codingPath + [key]))
    case DecodingError.dataCorrupted(let context):
      return .invalidValue(path: path(context.codingPath), reason: context.debugDescription)
    case EncodingError.invalidValue(_, let context):
      return .invalidValue(path: path(context.codingPath), reason: context.debugDescription)
    default:
      return .invalidValue(path: "", reason: String(describing: error))
    }
  }
}
