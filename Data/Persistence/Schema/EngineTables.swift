/// The names of the tables the engine keeps for itself in every store — SQLite's own
/// (`sqlite_…`), the record of the schema's version, the history (`_history_…`), the substring
/// indexes (`_search_…`) and the manifest of external files — which no model may use.
enum EngineTables {
  /// Whether a model's table may not be called `name`: SQLite compares names without case, so
  /// neither does this.
  static func isReserved(_ name: String) -> Bool {
    let lowered = name.lowercased()
    return lowered.hasPrefix("sqlite_") || lowered.hasPrefix("_history_")
      || lowered.hasPrefix(SearchIndex.prefix)
      || [SchemaRecord.table, ExternalManifest.table].contains(lowered)
  }
}
