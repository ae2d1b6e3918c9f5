internal import CSQLite

/// Truth values a statement reports while it runs, through the SQL function
/// `swift_report(a, b, …)` that every connection registers: each call stores whether each of
/// its arguments is true (non-zero and not `NULL`) on the connection, replacing the previous
/// report, and evaluates to 1.
///
/// Placed in an `UPDATE`'s `WHERE` clause, beside the term that finds the row, it is evaluated
/// on the stored row before the update changes it: `WHERE "id" = ?1 AND swift_report("title" IS
/// NOT ?2)` tells which columns the update changes without reading the row a second time. The
/// function is direct-only, so no trigger or view of a store can call it.
final class ReportedFlags {
  /// The arguments of the latest call since ``clear()``, in order; empty when there was none.
  private(set) var values: [Bool] = []

  /// Forgets the latest report, keeping the storage for the next.
  func clear() { values.removeAll(keepingCapacity: true) }

  /// Registers `swift_report` on a connection, reporting into `flags`, which the connection
  /// keeps alive until it closes.
  static func register(_ flags: ReportedFlags, on connection: OpaquePointer) throws(SQLiteError) {
    let code = sqlite3_create_function_v2(
      connection, "swift_report", -1, SQLITE_UTF8 | SQLITE_DIRECTONLY, Unmanaged.passRetained(flags).toOpaque(),
      { context, count, arguments in
        guard let data = sqlite3_user_data(context) else { return }
        let flags = Unmanaged<ReportedFlags>.fromOpaque(data).takeUnretainedValue()
        flags.values.removeAll(keepingCapacity: true)
        for index in 0..<Int(count) {
          flags.values.append(arguments?[index].map { sqlite3_value_int64($0) != 0 } ?? false)
        }
        sqlite3_result_int(context, 1)
      }, nil, nil, { data in data.map { Unmanaged<ReportedFlags>.fromOpaque($0).release() } })
    guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: connection) }
  }
}
