import Foundation

extension ModelConfiguration {
  /// Refuses a store URL that names neither a file nor a PostgreSQL database: one with a scheme
  /// other than `file`, `postgres` or `postgresql`, such as `https://host/db`, whose path alone
  /// would otherwise be taken for a file's (`/db`) and a store nobody asked for created there.
  /// A URL without a scheme is a path.
  ///
  /// - Throws: ``PersistenceError/cannotOpen(path:reason:)`` naming the URL without its
  ///   password.
  func checkNamesAFile() throws(PersistenceError) {
    guard case .file(let url) = location, let scheme = url.scheme, scheme.lowercased() != "file" else { return }
    var shown = URLComponents(url: url, resolvingAgainstBaseURL: false)
    shown?.password = nil
    shown?.query = nil
    let advice =
      "a store lives in a file or a PostgreSQL database: give a file URL, such as "
      + "URL(filePath: \"/path/to/app.store\"), or a postgres:// URL"
    throw .cannotOpen(
      path: shown?.string ?? "the \(scheme) URL",
      reason: "it is not a file URL (its scheme is '\(scheme)'), and nothing was opened or created: \(advice)")
  }
}
