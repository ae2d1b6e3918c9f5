/// Turns key paths into the column names they refer to.
///
/// On every platform Swift runs, a key path describes itself: `\Movie.title` prints as
/// `\Movie.title`. The part after the root type is the property path.
enum KeyPathName {
  /// The property path of a key path: `title` for `\Movie.title`, `info.year` for a nested one.
  static func column(of keyPath: AnyKeyPath) -> String {
    let text = String(describing: keyPath)
    guard let dot = text.firstIndex(of: ".") else { return text }
    return String(text[text.index(after: dot)...])
  }

  /// The property names along a key path: `["info", "year"]` for `\Movie.info?.year`.
  static func components(of keyPath: AnyKeyPath) -> [String] {
    column(of: keyPath).split(separator: ".").map { String($0.filter { $0 != "?" && $0 != "!" }) }
  }
}
