import SQLValues

/// Names the engine gives its own objects on PostgreSQL (functions, tables) after a model's
/// table or family: a prefix and the name, kept within PostgreSQL's 63 bytes.
enum PostgresNames {
  /// `prefix` and `name`, or, when that passes 63 bytes (which PostgreSQL would cut, and could
  /// make two names one), its start and the fingerprint of the whole name.
  static func bounded(_ prefix: String, _ name: String) -> String {
    let whole = prefix + name
    guard whole.utf8.count > 63 else { return whole }
    var start = ""
    for scalar in whole.unicodeScalars {
      guard start.utf8.count + String(scalar).utf8.count <= 46 else { break }
      start.unicodeScalars.append(scalar)
    }
    return start + "_" + Fingerprint.hex(name)
  }
}
