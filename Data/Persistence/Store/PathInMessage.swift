import Foundation

/// How an error about a store names another path: by what it is to the store — its folder, a
/// folder in its path, its `-wal`, a file beside it — when the message quotes the store's path
/// already, so that each path is quoted once in a line, however long it is. A path that the
/// store's path as given does not show (the real folder of a store reached through a link) is
/// named whole.
enum PathInMessage {
  /// The words for `path` in a message that names the store at `store` (as given).
  static func name(_ path: String, inMessageAbout store: String) -> String {
    let given = store.hasPrefix("/") ? store : FileManager.default.currentDirectoryPath + "/" + store
    if let (folder, _) = RealPath.split(given), folder == path { return "its folder" }
    if given.hasPrefix(path + "/"), let (_, name) = RealPath.split(path) { return "the folder '\(name)' in its path" }
    for form in [given, RealPath.resolve(store)] {
      if let suffix = StoreFile.sidecarSuffixes.first(where: { form + $0 == path }) { return "its \(suffix) file" }
      if let (folder, _) = RealPath.split(form), let (pathFolder, name) = RealPath.split(path), pathFolder == folder {
        return "'\(name)' beside it"
      }
    }
    return path
  }
}
