import Foundation

/// Writes the JSON that commands print for scripts: pretty, keys sorted, and inert on a
/// terminal (``TerminalText/json(_:)``) while every value stays exact.
enum JSONOutput {
  /// A value encoded with `JSONEncoder`, ending with a line break.
  static func encode(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return TerminalText.json(String(decoding: try encoder.encode(value), as: UTF8.self)) + "\n"
  }

  /// Arrays, dictionaries, strings, numbers and `NSNull` written by `JSONSerialization`,
  /// ending with a line break.
  static func serialize(_ object: Any) throws -> String {
    let data = try JSONSerialization.data(
      withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    return TerminalText.json(String(decoding: data, as: UTF8.self)) + "\n"
  }
}
