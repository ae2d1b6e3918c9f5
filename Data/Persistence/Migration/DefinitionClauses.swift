/// The constraint clauses of a `CREATE TABLE` statement that SQLite's pragmas do not report —
/// `CHECK`, `COLLATE`, `ON CONFLICT`, `DEFERRABLE`, `AUTOINCREMENT` — and those they report only
/// in part (`DEFAULT`, `GENERATED … AS`, `MATCH`), each with its argument, found by a small
/// tokenizer that skips quoted identifiers (`""`, `[]`, backticks), string literals and comments.
///
/// Two definitions with the same clauses, in any order and spacing, behave alike as far as these
/// clauses go; what the pragmas report (columns, types, keys, indexes) is compared separately by
/// ``TableDefinition``. So a stored text that grew by `ALTER TABLE … ADD COLUMN`, or was written
/// by an older generator with other spacing or quoting, still matches.
struct DefinitionClauses: Equatable {
  /// The words that start a clause, upper-cased.
  static let keywords: Set<String> = [
    "CHECK", "COLLATE", "GENERATED", "AS", "DEFAULT", "CONFLICT", "AUTOINCREMENT", "DEFERRABLE", "INITIALLY",
    "MATCH",
  ]

  /// Each clause: its keyword and its argument (the next token, or a parenthesized group whole),
  /// tokens joined by one space, sorted.
  let clauses: [String]

  /// The clauses of a statement's text.
  init(sql: String) {
    let tokens = Self.tokens(of: sql)
    var clauses: [String] = []
    var index = 0
    while index < tokens.count {
      let word = tokens[index]
      index += 1
      guard Self.keywords.contains(word) else { continue }
      var clause = [word]
      var depth = 0
      // The argument: one token, or everything up to the parenthesis that closes the one opened.
      while index < tokens.count {
        let token = tokens[index]
        index += 1
        clause.append(token)
        if token == "(" { depth += 1 } else if token == ")" { depth -= 1 }
        if depth <= 0 { break }
      }
      clauses.append(clause.joined(separator: " "))
    }
    self.clauses = clauses.sorted()
  }

  /// The statement's tokens outside quotes and comments: bare words upper-cased, numbers and
  /// punctuation as they are; a quoted identifier or string literal as one token, `"…"` or `'…'`.
  static func tokens(of sql: String) -> [String] {
    let bytes = Array(sql.utf8)
    var tokens: [String] = []
    var index = 0
    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0C:
        index += 1
      case UInt8(ascii: "-") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "-"):
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
      case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
        index += 2
        while index < bytes.count,
          !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count
            && bytes[index + 1] == UInt8(ascii: "/"))
        {
          index += 1
        }
        index = min(index + 2, bytes.count)
      case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`"), UInt8(ascii: "["):
        let close = byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : byte
        let start = index
        index += 1
        while index < bytes.count {
          if bytes[index] == close {
            // A doubled quote is one quote character, except in brackets.
            if close != UInt8(ascii: "]"), index + 1 < bytes.count, bytes[index + 1] == close {
              index += 2
              continue
            }
            break
          }
          index += 1
        }
        index = min(index + 1, bytes.count)
        tokens.append(text(start..<index))
      case _ where isWordByte(byte):
        let start = index
        while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
        tokens.append(text(start..<index).uppercased())
      default:
        tokens.append(text(index..<index + 1))
        index += 1
      }
    }
    return tokens
  }

  /// Whether a byte continues a bare word or number: letters, digits, `_`, `$`, `.` in numbers,
  /// and every byte of a non-ASCII character.
  private static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...0xFF:
      true
    default: false
    }
  }
}
