extension Column {
  /// The SQL condition true of a row whose value in this column no read could decode as the
  /// column's kind: `NULL` where the attribute is not optional, a storage class other than the
  /// kind's, or a value of the right class that still does not fit (a UUID not of 16 bytes, a
  /// Bool not 0 or 1, JSON that does not parse). `STRICT` tables refuse the first two, so only
  /// a program that rewrote the schema can have stored them; the condition is never `NULL`.
  var unreadableCondition: String {
    let name = SQLIdentifier.quote(self.name)
    // A REAL column of a STRICT table stores integers as reals; a read accepts either.
    let classes =
      switch kind.sqlType {
      case "INTEGER": ["'integer'"]
      case "REAL": ["'real'", "'integer'"]
      case "TEXT": ["'text'"]
      default: ["'blob'"]
      }
    let wrongClass = "typeof(\(name)) NOT IN (\((classes + (isOptional ? ["'null'"] : [])).joined(separator: ", ")))"
    let misfit: String? =
      switch kind {
      case .uuid: "length(\(name)) != 16"
      case .bool: "\(name) NOT IN (0, 1)"
      case .json: "json_valid(\(name)) = 0"
      case .integer, .real, .date, .text, .blob, .url, .external: nil
      }
    guard let misfit else { return wrongClass }
    return "(\(wrongClass) OR (\(name) IS NOT NULL AND coalesce(\(misfit), 1)))"
  }
}
