import Foundation

/// The last steps a sort key path may take past a stored attribute — to a `Bool`'s rank, an
/// enumeration's raw value — which a store skips to sort by the attribute's own column.
///
/// The `SortDescriptor` initializers that add such a step register it here; a store asks
/// ``column(of:)`` for the attribute under a sort key path. A step is known by how its key path
/// describes itself (`\Priority.<computed 0x… (Int)>`): the part after the root type.
package enum SortKeySuffixes {
  /// The registered steps, each as it ends a described key path (`.<computed 0x… (Int)>`).
  private nonisolated(unsafe) static var suffixes: Set<String> = [
    suffix(of: \Bool.sortRank), suffix(of: \Bool?.sortRank),
  ]
  /// The types whose steps are registered, so that a type is described once.
  private nonisolated(unsafe) static var registered: Set<ObjectIdentifier> = []
  /// Guards ``suffixes`` and ``registered``: every read and write of them holds it, which
  /// makes the two `nonisolated(unsafe)` variables safe to share between threads.
  private static let lock = NSLock()

  /// Registers the step of a key path from a value to what its sort compares.
  package static func register<Root, Value>(_ step: KeyPath<Root, Value>) {
    let type = ObjectIdentifier(Root.self)
    let isNew = lock.withLock { !registered.contains(type) }
    guard isNew else { return }
    let suffix = suffix(of: step)
    lock.withLock {
      registered.insert(type)
      suffixes.insert(suffix)
    }
  }

  /// The attribute path a sort's key path orders by (`priority`), given its described path past
  /// the root (`priority.<computed 0x… (Int)>`): less a registered last step, if it has one.
  package static func column(of path: String) -> String {
    let known = lock.withLock { suffixes }
    for suffix in known where path.hasSuffix(suffix) { return String(path.dropLast(suffix.count)) }
    return path
  }

  /// A step as it ends a described key path: its description past the root type, whose own
  /// name may hold dots (`Optional<Shop.Priority>`), so it is found by the computed step.
  private static func suffix(of step: AnyKeyPath) -> String {
    // `String(describing:)` without its casts (see `KeyPathName` in Persistence).
    let text = step.debugDescription
    return (text.range(of: ".<computed") ?? text.range(of: ".")).map { String(text[$0.lowerBound...]) } ?? text
  }
}
