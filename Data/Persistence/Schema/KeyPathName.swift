import Repositories
import Synchronization

/// Turns key paths into the column names they refer to.
///
/// On every platform Swift runs, a key path describes itself: `\Movie.title` prints as
/// `\Movie.title`. The part after the root type is the property path.
enum KeyPathName {
  /// The property path of a key path: `title` for `\Movie.title`, `info.year` for a nested one.
  static func column(of keyPath: AnyKeyPath) -> String { names(of: keyPath).column }

  /// The column a sort key path orders by: ``column(of:)``, less a last step that a
  /// `SortDescriptor` initializer of `Repositories` adds past a stored attribute — to a `Bool`'s
  /// rank (0 and 1 order as the column's 0 and 1 do, and `nil` as its `NULL`) or to an
  /// enumeration's raw value (which the column holds).
  static func sortColumn(of keyPath: AnyKeyPath) -> String {
    SortKeySuffixes.column(of: column(of: keyPath))
  }

  /// The property names along a key path: `["info", "year"]` for `\Movie.info?.year`.
  static func components(of keyPath: AnyKeyPath) -> [String] { names(of: keyPath).components }

  /// Why a key path's property path names no column, for an error message.
  ///
  /// A key path to a computed property, or one written in generic code through a protocol's
  /// requirement (`\.date` where the model is a type parameter), describes itself as
  /// `<computed 0x… (Date)>`: it reaches the value, but names no stored attribute.
  static func notStored(_ name: String) -> String {
    if name.hasPrefix(unmappedPrefix) {
      return
        "the property has no coding key of its own (it is left out of CodingKeys, or its decoding reads another property's key)"
    }
    guard name.hasPrefix("<computed") else { return "it is not a stored attribute" }
    return
      "the key path reaches a computed property or a protocol's requirement, not a stored attribute (write it where the model's own type is known)"
  }

  /// A described property path (`info?.year`) with its properties' names replaced by the
  /// coding keys that store them (``CodingKeyMap``), as far as it names stored properties; the
  /// rest (a computed step) is kept as described. A property that no coding key of its own
  /// stores is named `<no coding key: name>`, which no column has.
  private static func codingPath(of described: String, from root: Any.Type) -> String {
    var properties: [String] = []
    var rest = described[...]
    while !rest.isEmpty {
      let end = rest.firstIndex(of: ".") ?? rest.endIndex
      let step = rest[..<end].filter { $0 != "?" && $0 != "!" }
      guard let first = step.first, first.isLetter || first == "_",
        step.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
      else { break }
      properties.append(step)
      rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
    }
    guard !properties.isEmpty else { return described }
    let map = CodingKeyMap.of(root)
    guard let path = map.codingPath(of: properties) else {
      return "\(unmappedPrefix)\(properties.joined(separator: "."))>"
    }
    return (path + (rest.isEmpty ? [] : [String(rest)])).joined(separator: ".")
  }

  /// A column name as a message shows it: a property path that names no coding key as the
  /// property path alone.
  static func readable(_ name: String) -> String {
    guard name.hasPrefix(unmappedPrefix), name.hasSuffix(">") else { return name }
    return String(name.dropFirst(unmappedPrefix.count).dropLast())
  }

  /// How a property path that names no coding key begins.
  static let unmappedPrefix = "<no coding key: "

  /// The most key paths whose names are remembered at once.
  static let capacity = 1024

  /// A key path's property path and its names.
  private struct Names: Sendable {
    let column: String
    let components: [String]
  }

  /// Describing a key path costs microseconds (it is parsed from its metadata each time), and
  /// every query names its key paths again: the names are remembered by key path.
  private static func names(of keyPath: AnyKeyPath) -> Names {
    let key = Key(keyPath: keyPath)
    if let names = cache.withLock({ $0[key] }) { return names }
    // What `String(describing:)` returns, without its casts to `TextOutputStreamable` and
    // `CustomStringConvertible`: each is a search of every conformance in the program for each
    // new key path type, the most of describing a model's key paths when a store opens.
    let text = keyPath.debugDescription
    let described = text.firstIndex(of: ".").map { String(text[text.index(after: $0)...]) } ?? text
    let column = codingPath(of: described, from: type(of: keyPath).rootType)
    let names = Names(
      column: column, components: column.split(separator: ".").map { String($0.filter { $0 != "?" && $0 != "!" }) })
    cache.withLock { cache in
      // A bound for programs that make key paths at run time: start over when full.
      if cache.count >= capacity { cache.removeAll(keepingCapacity: true) }
      cache[key] = names
    }
    return names
  }

  /// The names already found, by key path.
  private static let cache = Mutex<[Key: Names]>([:])

  /// A key path as a dictionary key shared between threads.
  ///
  /// `@unchecked Sendable` is safe: a key path is immutable once made (its class has no
  /// mutable state), and its equality and hashing read only that state, so any thread may
  /// compare and hash it while another does.
  private struct Key: Hashable, @unchecked Sendable {
    let keyPath: AnyKeyPath
  }
}
