import Foundation
import Synchronization

/// Which coding key stores each property of a type, so that a key path names its column even
/// where `CodingKeys` rename properties (`case title = "name"`, or two properties swapped).
///
/// A key path describes itself by property names (`\Movie.title`), but a column is named by
/// its coding key. The map is found by decoding: for each coding path the type's decoding asks
/// for, two placeholder instances are decoded, alike but for the value at that path
/// (``MarkingDecoder``); the one stored property whose value differs between them, found by
/// reflection, is the property that coding path stores. Paths reach into nested `Codable`
/// values (JSON attributes), so `\Movie.info.year` maps to the keys that store it.
///
/// A property no coding path changes is transient (left out of `CodingKeys`). A property that
/// cannot be told apart this way (its type has a single value, or its decoding refuses
/// placeholders) keeps its own name, unless another property's coding key already has that
/// name: then it maps to nothing, and queries on it are refused rather than answered from
/// another column.
struct CodingKeyMap: Sendable {
  /// The coding path of each stored property path that was told apart.
  let codingPaths: [[String]: [String]]
  /// The stored property paths that no coding path changes: transient properties.
  let transient: Set<[String]>
  /// Every coding path some property maps to.
  private let claimed: Set<[String]>

  /// The deepest nesting the probe follows, which also ends recursive types.
  static let maximumDepth = 6
  /// The most coding paths probed in one type.
  static let maximumPaths = 512

  /// The coding path of a property path, or `nil` for one that maps to nothing: transient, or
  /// neither told apart nor safe to keep by name.
  func codingPath(of properties: [String]) -> [String]? {
    if let path = codingPaths[properties] { return path }
    guard !transient.contains(properties) else { return nil }
    // A property the probe could not tell apart keeps its name, unless that name is already
    // the coding key of another property.
    var path: [String] = []
    for count in properties.indices {
      let prefix = Array(properties[...count])
      if let known = codingPaths[prefix] {
        path = known
        continue
      }
      let candidate = path + [properties[count]]
      guard !claimed.contains(candidate) else { return nil }
      path = candidate
    }
    return path
  }

  /// The map of a type, found once and remembered.
  static func of(_ type: Any.Type) -> CodingKeyMap {
    let key = ObjectIdentifier(type)
    if let map = cache.withLock({ $0[key] }) { return map }
    let map = (type as? any Decodable.Type).map { probe($0) } ?? .unprobed
    cache.withLock { $0[key] = map }
    return map
  }

  private static let cache = Mutex<[ObjectIdentifier: CodingKeyMap]>([:])

  /// The map of a type the probe cannot decode: every property keeps its name.
  private static let unprobed = CodingKeyMap(codingPaths: [:], transient: [], claimed: [])

  private static func probe<Root: Decodable>(_ type: Root.Type) -> CodingKeyMap {
    let recorder = MarkingDecoder.PathRecorder()
    guard let reached = try? Root(from: MarkingDecoder(target: [], marks: false, recorder: recorder)) else {
      return .unprobed
    }
    var codingPaths: [[String]: [String]] = [:]
    var ambiguous = Set<[String]>()
    for path in recorder.paths.prefix(maximumPaths) {
      guard let plain = try? Root(from: MarkingDecoder(target: path, marks: false)),
        let marked = try? Root(from: MarkingDecoder(target: path, marks: true))
      else { continue }
      let changed = PropertyDifference.paths(between: plain, and: marked, depth: path.count)
      guard changed.count == 1, let properties = changed.first else { continue }
      if codingPaths[properties] != nil { ambiguous.insert(properties) }
      codingPaths[properties] = path
    }
    for properties in ambiguous { codingPaths[properties] = nil }
    // Top-level stored properties that no coding key changes are transient.
    let mapped = Set(codingPaths.keys.compactMap(\.first))
    var transient = Set<[String]>()
    for label in PropertyDifference.storedLabels(of: reached) where !mapped.contains(label) {
      let changedByAny = recorder.paths.contains { $0.first == label }
      if !changedByAny { transient.insert([label]) }
    }
    return CodingKeyMap(
      codingPaths: codingPaths, transient: transient, claimed: Set(codingPaths.values))
  }
}

/// Stored properties compared by reflection.
enum PropertyDifference {
  /// The property paths, `depth` steps long, whose values differ between two values of one
  /// type; optionals are looked through.
  static func paths(between first: Any, and second: Any, depth: Int) -> [[String]] {
    guard depth > 0 else { return [] }
    let left = children(of: first)
    let right = children(of: second)
    guard left.count == right.count else { return [] }
    var result: [[String]] = []
    for (one, other) in zip(left, right) where one.label == other.label {
      guard let label = one.label, String(reflecting: one.value) != String(reflecting: other.value) else { continue }
      if depth == 1 {
        result.append([label])
      } else {
        result += paths(between: one.value, and: other.value, depth: depth - 1).map { [label] + $0 }
      }
    }
    return result
  }

  /// The labels of a value's stored properties.
  static func storedLabels(of value: Any) -> [String] { children(of: value).compactMap(\.label) }

  /// A struct's or class's stored properties, through optionals; none for other values.
  private static func children(of value: Any) -> [Mirror.Child] {
    var mirror = Mirror(reflecting: value)
    while mirror.displayStyle == .optional {
      guard let wrapped = mirror.children.first else { return [] }
      mirror = Mirror(reflecting: wrapped.value)
    }
    guard mirror.displayStyle == .struct || mirror.displayStyle == .class else { return [] }
    return Array(mirror.children)
  }
}
