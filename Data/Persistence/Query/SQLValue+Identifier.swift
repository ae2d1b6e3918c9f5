import Foundation
import SQLValues

extension SQLValue {
  /// A stored identifier as people read it: a 16-byte UUID in its usual lower-case form,
  /// anything else as its text.
  var identifierDescription: String {
    switch self {
    case .blob(let data) where data.count == 16:
      var value = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)).uuid
      withUnsafeMutableBytes(of: &value) { $0.copyBytes(from: data) }
      return UUID(uuid: value).uuidString.lowercased()
    case .text(let text): return text
    case .integer(let value): return "\(value)"
    case .real(let value): return "\(value)"
    case .blob(let data): return data.map { String(format: "%02x", $0) }.joined()
    case .null: return "?"
    }
  }
}
