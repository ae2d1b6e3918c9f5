/// PostgreSQL's numbered parameters in place of the engine's `?` ones.
///
/// The engine writes `?` wherever a value is bound, as SQLite reads it; PostgreSQL numbers its
/// parameters (`$1`, `$2`, …). Question marks inside string literals, quoted identifiers and
/// comments are not parameters and are left alone.
enum PostgresPlaceholders {
  /// The SQL with each `?` parameter replaced by `$n`, counting from 1.
  static func numbered(_ sql: String) -> String {
    guard sql.utf8.contains(UInt8(ascii: "?")) else { return sql }
    var result: [UInt8] = []
    result.reserveCapacity(sql.utf8.count + 16)
    var number = 0
    var quote: UInt8?
    var inLineComment = false
    for byte in sql.utf8 {
      if inLineComment {
        if byte == UInt8(ascii: "\n") { inLineComment = false }
      } else if let open = quote {
        // A doubled quote closes and reopens the literal: the state comes out right either way.
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
        quote = byte
      } else if byte == UInt8(ascii: "-"), result.last == UInt8(ascii: "-") {
        inLineComment = true
      } else if byte == UInt8(ascii: "?") {
        number += 1
        result.append(UInt8(ascii: "$"))
        result.append(contentsOf: String(number).utf8)
        continue
      }
      result.append(byte)
    }
    return String(decoding: result, as: UTF8.self)
  }
}
