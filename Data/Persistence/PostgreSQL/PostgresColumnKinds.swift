import PostgresCore

/// How each kind of attribute is stored on PostgreSQL: the one place that maps the engine's
/// values to the server's types and back.
///
/// Values travel as the engine's ``SQLValue``s — a date as seconds since 2001, a UUID as 16
/// bytes, a Boolean as 0 or 1 — and SQL converts them at the column: a UUID column is a `uuid`,
/// a Boolean one a `boolean`, text is compared byte by byte (`COLLATE "C"`), which for NFC text
/// is the order Swift sorts strings in. A date column holds what `Date` holds, seconds since
/// 2001 as a `double precision`, so a date comes back exactly, where a `timestamptz` would
/// round it to the microsecond; `to_timestamp(date + 978307200)` shows one as a timestamp.
extension ValueKind {
  /// The column's type on PostgreSQL.
  var postgresType: String {
    switch self {
    case .bool: "boolean"
    case .integer: "bigint"
    case .real, .date: "double precision"
    case .text, .url, .external: #"text COLLATE "C""#
    case .blob: "bytea"
    case .uuid: "uuid"
    case .json: "jsonb"
    }
  }

  /// The SQL that stores a bound value (`placeholder`) in a column of this kind.
  func postgresWrite(_ placeholder: String) -> String {
    switch self {
    case .uuid: "encode(\(placeholder)::bytea, 'hex')::uuid"
    case .bool: "(\(placeholder)::int8 <> 0)"
    case .json: PostgresJSONText.stored(placeholder)
    default: placeholder
    }
  }

  /// The SQL that makes a bound value (`placeholder`) a value of the column's type where no
  /// column gives it one, as in a `VALUES` list.
  func postgresTypedWrite(_ placeholder: String) -> String {
    switch self {
    case .uuid, .bool, .json: postgresWrite(placeholder)
    default: "\(placeholder)::\(postgresType)"
    }
  }

  /// A bound value as `COPY` reads it into a column of this kind, where no SQL converts it: a
  /// UUID's 16 bytes as hexadecimal text (a Boolean's 0 or 1 is read as it is); `nil` for a
  /// JSON document that ``PostgresJSONText`` would rewrite, which `COPY` cannot store.
  func postgresCopyValue(_ value: PostgresValue) -> PostgresValue? {
    switch (self, value) {
    case (.uuid, .bytes(let bytes)) where bytes.count == 16: .text(Hexadecimal.text(of: bytes, upperCase: false))
    case (.json, .text(let document)) where PostgresJSONText.isRewritten(document): nil
    default: value
    }
  }

  /// The SQL that reads a column of this kind back as the engine's value.
  func postgresRead(_ column: String) -> String {
    switch self {
    case .uuid: "uuid_send(\(column))"
    case .json: PostgresJSONText.read(column)
    default: column
    }
  }
}
