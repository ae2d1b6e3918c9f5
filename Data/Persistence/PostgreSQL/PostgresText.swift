/// Text as PostgreSQL stores it: any Swift string, NUL characters included.
///
/// PostgreSQL's `text` cannot hold U+0000. The engine stores it as two characters, U+0001
/// U+0001, and U+0001 itself as U+0001 U+0002. The mapping keeps what SQL relies on: equal
/// strings stay equal and distinct ones distinct, and byte order (the `"C"` collation) is kept,
/// since the escape character is the smallest one left and what follows it keeps the order of
/// the two characters it stands for. Text with neither character — nearly all — is unchanged.
enum PostgresText {
  /// The form a string is stored and compared in.
  static func escaped(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 <= escape }) else { return text }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count + 8)
    for byte in text.utf8 {
      if byte <= escape {
        bytes.append(escape)
        bytes.append(byte + 1)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The string a stored form stands for.
  static func unescaped(_ text: String) -> String {
    guard text.utf8.contains(escape) else { return text }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var escaping = false
    for byte in text.utf8 {
      if escaping {
        bytes.append(byte - 1)
        escaping = false
      } else if byte == escape {
        escaping = true
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The escape character, U+0001.
  private static let escape: UInt8 = 1
}
