import FaultVFS
import Foundation
import Testing

/// Another program writing a catalog with SQLite directly, as the app never would: it loosens
/// the movies table's `STRICT` types and `NOT NULL` rules for one change, then puts them back,
/// so the rows it wrote break them while the schema looks as the app made it.
enum ForeignWriter {
  /// Runs `sql` on the store at `url` with the movies table's rules loosened.
  static func damage(_ url: URL, _ sql: String) throws {
    try execute(
      url,
      """
      CREATE TABLE kept_schema AS SELECT sql FROM sqlite_schema WHERE name = 'movies';
      PRAGMA writable_schema = ON;
      UPDATE sqlite_schema SET sql = replace(replace(sql, ') STRICT', ')'), ' NOT NULL', '') WHERE name = 'movies';
      """)
    try execute(url, sql)
    try execute(
      url,
      """
      PRAGMA writable_schema = ON;
      UPDATE sqlite_schema SET sql = (SELECT sql FROM kept_schema) WHERE name = 'movies';
      """)
    try execute(url, "DROP TABLE kept_schema")
  }

  /// Runs SQL on the store at `url` through SQLite's C API, bypassing the engine.
  static func execute(_ url: URL, _ sql: String) throws {
    var message = [UInt8](repeating: 0, count: 512)
    let result = message.withUnsafeMutableBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { raw_sql_execute(url.path, sql, $0.baseAddress, Int32($0.count)) }
    }
    let reason = String(decoding: message.prefix { $0 != 0 }, as: UTF8.self)
    try #require(result == 0, "the foreign write failed: \(reason) for \(sql)")
  }
}
