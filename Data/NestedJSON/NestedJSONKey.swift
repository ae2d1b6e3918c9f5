/// A coding key made by the nested JSON coders: an array position, or an object member name
/// (of `super`, or of a key read back from the JSON text).
///
/// It is small enough to sit in an existential's inline buffer, and an array position's
/// `stringValue` is built only when asked for, so making one costs nothing.
struct NestedJSONKey: CodingKey {
  /// A member name or an array position; an enum keeps the key within three words.
  private enum Storage {
    case name(String)
    case index(Int)
  }

  private let storage: Storage

  /// The key of the member named `stringValue`.
  init(stringValue: String) {
    storage = .name(stringValue)
  }

  /// The key of the array element at position `intValue`.
  init(intValue: Int) {
    storage = .index(intValue)
  }

  /// The key under which `superEncoder()` and `superDecoder()` store a superclass's values.
  static let `super` = NestedJSONKey(stringValue: "super")

  /// A placeholder for the top-level value, which has no key; it never appears in a path.
  static let root = NestedJSONKey(stringValue: "")

  var stringValue: String {
    switch storage {
    case .name(let name): name
    case .index(let index): "Index \(index)"
    }
  }

  var intValue: Int? {
    switch storage {
    case .name: nil
    case .index(let index): index
    }
  }

  /// The array position a key stands for, or `nil` for an object member's key.
  ///
  /// Besides this type's positions, it recognises the `Index N` keys Foundation's coders use.
  static func arrayIndex(of key: any CodingKey) -> Int? {
    if let key = key as? NestedJSONKey {
      if case .index(let index) = key.storage { return index }
      return nil
    }
    guard let index = key.intValue, key.stringValue == "Index \(index)" else { return nil }
    return index
  }
}
