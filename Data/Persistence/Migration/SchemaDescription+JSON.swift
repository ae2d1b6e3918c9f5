extension SchemaDescription {
  /// The description as JSON with sorted keys, the same text for the same schema every time:
  /// the bytes `JSONEncoder` writes for it with `.prettyPrinted` and `.sortedKeys`, and a
  /// newline (``PrettyJSON``).
  package var json: String {
    PrettyJSON.object([("tables", .array(tables.map(\.jsonValue)))]).text + "\n"
  }

  /// A short fingerprint of ``json``: 16 hexadecimal digits of its 64-bit FNV-1a hash.
  package var fingerprint: String { Fingerprint.hex(json) }
}

extension SchemaDescription.Table {
  /// The table as its `Codable` conformance encodes it: ``search`` only when there is one.
  fileprivate var jsonValue: PrettyJSON {
    let columns = columns.map { column in
      PrettyJSON.object([
        ("name", .string(column.name)), ("type", .string(column.type)), ("notNull", .bool(column.notNull)),
        ("primaryKey", .bool(column.primaryKey)),
      ])
    }
    let indexes = indexes.map { index in
      PrettyJSON.object([
        ("name", .string(index.name)), ("unique", .bool(index.unique)),
        ("columns", .array(index.columns.map(PrettyJSON.string))),
      ])
    }
    let foreignKeys = foreignKeys.map { key in
      PrettyJSON.object([
        ("column", .string(key.column)), ("parentTable", .string(key.parentTable)),
        ("parentColumn", .string(key.parentColumn)), ("onDelete", .string(key.onDelete)),
      ])
    }
    var members: [(key: String, value: PrettyJSON)] = [
      ("name", .string(name)), ("columns", .array(columns)), ("indexes", .array(indexes)),
      ("foreignKeys", .array(foreignKeys)),
    ]
    if let search { members.append(("search", .array(search.map(PrettyJSON.string)))) }
    return .object(members)
  }
}
