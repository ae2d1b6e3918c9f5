/// Reads a command line's arguments as the bytes the system passed, refusing those that are
/// not UTF-8 instead of letting an invalid byte turn silently into U+FFFD (a title that is not
/// the one given, a path that names another file).
///
/// ```swift
/// let arguments = try CommandLineText.decode(argumentBytes, command: "movies")
/// ```
public enum CommandLineText {
  /// The arguments as strings.
  ///
  /// - Throws: ``UsageError`` naming the first argument that is not valid UTF-8, with its
  ///   invalid bytes shown as `\xFF`.
  public static func decode(_ arguments: [[UInt8]], command: String) throws(UsageError) -> [String] {
    try arguments.enumerated().map { (position, bytes) throws(UsageError) -> String in
      if let text = String(validating: bytes, as: UTF8.self) { return text }
      throw UsageError(command: command, problem: .notUTF8(position: position + 1, shown: shown(bytes)))
    }
  }

  /// The environment's `NAME=VALUE` entries as a dictionary.
  ///
  /// An entry that is not UTF-8 is left out, unless it is one of `used`, the variables the tool
  /// reads (such as the path of its store), which must not silently become another value.
  ///
  /// - Throws: ``UsageError`` naming the first variable of `used` that is not valid UTF-8.
  public static func decodeEnvironment(
    _ entries: [[UInt8]], used: Set<String>, command: String
  ) throws(UsageError)
    -> [String: String]
  {
    var environment: [String: String] = [:]
    for entry in entries {
      guard let equals = entry.firstIndex(of: UInt8(ascii: "=")) else { continue }
      let name = String(decoding: entry[..<equals], as: UTF8.self)
      guard let value = String(validating: entry[(equals + 1)...], as: UTF8.self) else {
        guard !used.contains(name) else {
          throw UsageError(
            command: command,
            problem: .invalidValue(
              argument: name, expected: "UTF-8 text", value: shown(Array(entry[(equals + 1)...]))))
        }
        continue
      }
      if environment[name] == nil { environment[name] = value }
    }
    return environment
  }

  /// The bytes as text, with each byte that is not part of a valid UTF-8 character written as
  /// `\xFF`.
  static func shown(_ bytes: [UInt8]) -> String {
    var result = ""
    var index = 0
    while index < bytes.count {
      // The longest valid character starting here, if any (UTF-8 characters are 1 to 4 bytes).
      let valid = (1...4).lazy.filter { index + $0 <= bytes.count }.first {
        String(validating: bytes[index..<index + $0], as: UTF8.self) != nil
      }
      if let length = valid {
        result += String(decoding: bytes[index..<index + length], as: UTF8.self)
        index += length
      } else {
        let hex = String(bytes[index], radix: 16, uppercase: true)
        result += "\\x" + (hex.count < 2 ? "0" : "") + hex
        index += 1
      }
    }
    return result
  }
}
