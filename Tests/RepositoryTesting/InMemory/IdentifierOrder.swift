import Foundation

/// The order of two identifiers, as a store orders the models that sort equal: by `<` when the
/// identifier type is `Comparable` (UUIDs byte by byte, as SQLite compares their 16 bytes);
/// `orderedSame` for identifiers that are not.
enum IdentifierOrder {
  static func compare(_ lhs: some Hashable, _ rhs: some Hashable) -> ComparisonResult {
    guard let left = lhs as? any Comparable else { return .orderedSame }
    return compare(left, rhs)
  }

  private static func compare<ID: Comparable>(_ lhs: ID, _ rhs: Any) -> ComparisonResult {
    guard let rhs = rhs as? ID else { return .orderedSame }
    return lhs < rhs ? .orderedAscending : rhs < lhs ? .orderedDescending : .orderedSame
  }
}
